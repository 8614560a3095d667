import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of an explored body under one schedule: the jobs it enqueues are held in lanes, and
/// exactly one step runs at a time, the one the explorer chose.
///
/// **Lanes.** A lane is a queue, an actor or a task: every context's queue (the main queue is one
/// lane, shared with the main actor), every task, every plain actor's turn. A lane's jobs run in
/// the order they were enqueued, as a serial queue or an actor runs them, so every schedule is
/// one the runtime could produce.
///
/// **Steps.** A chosen job runs on the queue it would run on (a context's queue, the main queue,
/// or a concurrent queue standing in for the global executor), while the explorer's thread waits.
/// The job's step ends when it returns, or when it reaches a ``SchedulingPoint`` (a store read, a
/// commit, a did-save) or waits in `performAndWait`: its thread is then parked on a ``Gate`` and
/// the lane can be chosen again later to go on from there.
///
/// **What is held.** A job belongs to the run when it is enqueued from the thread running the
/// current step (or, for the first job of the body, from the explorer's thread). Anything else is
/// left alone, so the lab's other work and parallel tests run as usual. A job enqueued from an
/// uncontrolled thread onto a task or a context of the run is work that escaped: reported as
/// ``InterleavingsError/workEscaped(_:)``.
// @unchecked: every mutable field is in `state`, a Locked.
final class ScheduleRun: @unchecked Sendable {
    private enum LaneKey: Hashable {
        case mainQueue
        case context(UInt)
        case task(UInt64)
        case actorTurn(Int)
    }

    private struct HeldJob: Sendable {
        let label: String
        let queue: DispatchQueue
        /// The lane waiting for this job in `performAndWait`, if any.
        var waiter: Int?
        /// The step that enqueued it (nil: the body's first job).
        var enqueuedBy: Int? = nil
        let body: @Sendable () -> Void

        func labelled(_ label: String) -> HeldJob {
            HeldJob(label: label, queue: queue, waiter: waiter, enqueuedBy: enqueuedBy, body: body)
        }
    }

    private enum LaneState {
        case idle
        case running
        /// Parked at a scheduling point (or back from `performAndWait`, after step `cause`), ready to go on.
        case paused(SchedulingPoint?, label: String, cause: Int?, Gate)
        /// Parked in `performAndWait` until a job of another lane has run.
        case waiting(Gate)
    }

    private struct Lane {
        let name: String
        /// A plain actor's turn: the runtime adds the actor's later jobs to it without telling
        /// anyone, so no step can be shown independent while one is alive.
        let isActorTurn: Bool
        /// A task's lane: one job at a time.
        var isTask = false
        var pending: [HeldJob] = []
        var state = LaneState.idle

        var isAlive: Bool {
            if case .idle = state { return !pending.isEmpty }
            return true
        }

        var isRunnable: Bool {
            switch state {
            case .paused: true
            case .idle: !pending.isEmpty
            case .running, .waiting: false
            }
        }
    }

    private enum RootResult {
        case returned(any Sendable)
        case threw(String)
    }

    private struct State {
        var lanes: [Lane] = []
        var laneIndex: [LaneKey: Int] = [:]
        var contextLanes = 0
        var taskLanes = 0
        var actorTurns = 0
        var runningLane: Int?
        var runningThread: pthread_t?
        var stepEnded = false
        var footprint = Footprint()
        var steps: [Schedule.Step] = []
        var records: [ScheduleSearch.StepRecord] = []
        var causes: [Int] = []
        var root: RootResult?
        var escapes: [String] = []
        var knownTasks: Set<UInt64> = []
        var ownedContexts: Set<UInt> = []
        var storeNames: [ObjectIdentifier: String] = [:]

        var isCurrentThreadRunning: Bool {
            runningThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }

        var runnableLanes: [Int] { lanes.indices.filter { lanes[$0].isRunnable } }

        var hasWaitingLane: Bool {
            lanes.contains { if case .waiting = $0.state { true } else { false } }
        }

        /// The lane of `key`, made on first use; `name` is asked only then.
        private mutating func lane(for key: LaneKey, name: String) -> Int {
            if let index = laneIndex[key] { return index }
            if case .actorTurn = key { footprint.isOpaque = true }
            lanes.append(Lane(name: name, isActorTurn: { if case .actorTurn = key { true } else { false } }()))
            laneIndex[key] = lanes.count - 1
            return lanes.count - 1
        }

        mutating func mainQueueLane() -> Int {
            lane(for: .mainQueue, name: "main queue")
        }

        mutating func lane(of context: ModelContext) -> Int {
            if context.concurrencyType == .mainQueue { return mainQueueLane() }
            if let index = laneIndex[.context(context.token)] { return index }
            contextLanes += 1
            return lane(for: .context(context.token), name: context.name ?? "context \(contextLanes) (private)")
        }

        mutating func lane(ofTask task: UInt64) -> Int {
            if let index = laneIndex[.task(task)] { return index }
            taskLanes += 1
            let index = lane(for: .task(task), name: "task \(taskLanes)")
            lanes[index].isTask = true
            return index
        }

        /// A plain actor's turn: the runtime gives it no name, so each turn is a lane of its own.
        mutating func newActorTurnLane() -> Int {
            actorTurns += 1
            return lane(for: .actorTurn(actorTurns), name: "actor turn \(actorTurns)")
        }

        /// Puts `job` at the end of `lane`'s queue. Two steps that enqueue on one lane do not
        /// commute (their jobs would run in the other order); a step of the lane itself does
        /// commute with an enqueue behind it, so the lane's own steps do not touch its queue.
        ///
        /// A task enqueuing its own next job (a hop, a yield) touches no queue another lane could:
        /// a task has one job at a time, so nothing else can be queued on its lane meanwhile.
        mutating func hold(_ job: HeldJob, on lane: Int) {
            var job = job
            if runningLane != nil { job.enqueuedBy = steps.count - 1 }
            lanes[lane].pending.append(job)
            if !(lane == runningLane && lanes[lane].isTask) {
                footprint.writes.insert("queue of lane \(lane)")
            }
        }

        mutating func endStep() {
            runningThread = nil
            runningLane = nil
            stepEnded = true
        }

        mutating func storeName(_ store: ObjectIdentifier) -> String {
            if let name = storeNames[store] { return name }
            let name = "store \(storeNames.count + 1)"
            storeNames[store] = name
            return name
        }
    }

    /// How one run ended.
    enum Ending {
        case returned(any Sendable, Schedule)
        case threw(String, Schedule)
        /// Every remaining job blocked. `blocksMainQueue`: a thread of the main queue stays parked.
        case deadlocked(Schedule, blocksMainQueue: Bool)
    }

    private let state = Locked(State())
    /// How long a step may run before the explorer calls it stuck outside its control.
    private let stepTimeout: TimeInterval = 10

    // MARK: The run under way

    private static let current = Locked<ScheduleRun?>(nil)
    /// Read first by every hook and every `perform`: one atomic load when nothing is explored.
    private static let isActive = Atomic<Bool>(false)
    /// One exploration at a time per process: the hooks are process-wide.
    private static let exploring = Locked(false)
    /// Stands in for the global concurrent executor: task jobs run here, one at a time.
    private static let globalStandIn = DispatchQueue(label: "Interleavings: global concurrent executor", attributes: .concurrent)

    /// The run under way, if the current thread runs its chosen step.
    private static var controllingCurrentThread: ScheduleRun? {
        guard isActive.load(ordering: .acquiring), let run = current.withLock({ $0 }) else { return nil }
        return run.state.withLock { $0.isCurrentThreadRunning } ? run : nil
    }

    private static var activeRun: ScheduleRun? {
        guard isActive.load(ordering: .acquiring) else { return nil }
        return current.withLock { $0 }
    }

    /// Runs `body` with no other exploration under way in the process.
    static func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        exploring.withLock(when: { !$0 }) { $0 = true }
        defer { exploring.withLock { $0 = false } }
        return try body()
    }

    // MARK: Where jobs come in

    /// Where the runtime sent a job.
    enum RuntimeDestination {
        /// The global concurrent executor (the hook): a task's start or resumption, or a plain
        /// actor's turn.
        case global
        /// The main actor (the hook).
        case mainActor
        /// ``GlobalExecutorStandIn``: a task resumed where it last ran, or its `Task.yield()`.
        case standIn
    }

    /// Holds `job` if the run's current step enqueued it.
    static func holdRuntimeJob(_ job: UnownedJob, sentTo destination: RuntimeDestination) -> Bool {
        guard let run = activeRun else { return false }
        let task = taskID(of: job)
        let onMainActor = destination == .mainActor
        let held = HeldJob(label: "", queue: onMainActor ? .main : globalStandIn) {
            if onMainActor {
                job.runSynchronously(on: MainActor.sharedUnownedExecutor)
            } else {
                job.runSynchronously(on: GlobalExecutorStandIn.shared.asUnownedSerialExecutor())
            }
        }
        return run.state.withLock { (state: inout State) -> Bool in
            guard state.isCurrentThreadRunning else {
                if let task, state.knownTasks.contains(task) {
                    state.escapes.append("a task of the body was resumed from a thread the explorer does not control (\(DispatchQueue.currentLabel))")
                }
                return false
            }
            let label: String
            let lane: Int
            if onMainActor {
                label = "MainActor job"
                lane = state.mainQueueLane()
            } else if let task {
                label = state.knownTasks.contains(task) ? "resumes" : "starts"
                lane = state.lane(ofTask: task)
            } else if destination == .standIn, let running = state.runningLane {
                // `Task.yield()` wraps the running task in a job of its own, with no id.
                label = "yields"
                lane = running
            } else {
                label = "actor job"
                lane = state.newActorTurnLane()
            }
            if let task { state.knownTasks.insert(task) }
            state.hold(held.labelled(label), on: lane)
            return true
        }
    }

    /// `perform` and every asynchronous job on `context`'s queue: holds `body` if the current
    /// step enqueued it.
    static func holdContextJob(on context: ModelContext, label: String, running task: UnownedJob?,
                               _ body: @escaping @Sendable () -> Void) -> Bool {
        guard let run = activeRun else { return false }
        let task = task.flatMap(taskID(of:))
        return run.state.withLock { state in
            guard state.isCurrentThreadRunning else {
                if state.ownedContexts.contains(context.token) {
                    state.escapes.append("\(label) on a context of the body was enqueued from \(DispatchQueue.currentLabel), a queue the explorer does not control")
                }
                return false
            }
            let lane = state.lane(of: context)
            // A model actor's job says whose it is: "actor job (task 2)".
            let taskLane = task.flatMap { state.laneIndex[.task($0)] }
            let named = taskLane.map { "\(label) (\(state.lanes[$0].name))" } ?? label
            state.hold(HeldJob(label: named, queue: context.queue, body: body), on: lane)
            return true
        }
    }

    /// `performAndWait` from the current step: runs `body` as a job of `context`'s lane and parks
    /// the caller until it has run. False (the caller runs it as usual) outside an exploration.
    static func runAndWait(on context: ModelContext, _ body: @escaping @Sendable () -> Void) -> Bool {
        guard let run = activeRun else { return false }
        let gate = Gate()
        let held = run.state.withLock { state -> Bool in
            guard state.isCurrentThreadRunning, let caller = state.runningLane else {
                if state.ownedContexts.contains(context.token) {
                    state.escapes.append("performAndWait on a context of the body was called from \(DispatchQueue.currentLabel), a queue the explorer does not control")
                }
                return false
            }
            let lane = state.lane(of: context)
            state.hold(HeldJob(label: "performAndWait", queue: context.queue, waiter: caller, body: body), on: lane)
            state.lanes[caller].state = .waiting(gate)
            state.endStep()
            return true
        }
        guard held else { return false }
        run.resume(after: gate)
        return true
    }

    /// A scheduling point: parks the current step here until the explorer chooses its lane again.
    static func pause(at point: SchedulingPoint) {
        guard let run = activeRun else { return }
        let gate = Gate()
        let parked = run.state.withLock { state -> Bool in
            guard state.isCurrentThreadRunning, let lane = state.runningLane else { return false }
            state.lanes[lane].state = .paused(point, label: point.label, cause: nil, gate)
            state.endStep()
            return true
        }
        if parked { run.resume(after: gate) }
    }

    /// Marks a context made by the current step as the run's: using it from elsewhere is an escape.
    static func noteCreated(_ context: ModelContext) {
        guard let run = activeRun else { return }
        run.state.withLock { state in
            if state.isCurrentThreadRunning { state.ownedContexts.insert(context.token) }
        }
    }

    private func resume(after gate: Gate) {
        gate.wait()
        state.withLock { $0.runningThread = pthread_self() }
    }

    /// The id the runtime gives a task's job ("UnownedJob(id: 12)"); nil for an actor's turn.
    private static func taskID(of job: UnownedJob) -> UInt64? {
        let text = job.description
        guard let start = text.range(of: "id: ")?.upperBound else { return nil }
        return UInt64(text[start...].prefix { $0.isNumber })
    }

    // MARK: Running it

    /// Runs `body` once, asking `choose` which runnable lane takes each step until the body has
    /// returned, then running what is left in lane order. `touched` hears each chosen step's
    /// footprint, `finished` every step's record.
    func run(
        _ body: @escaping @Sendable () async throws -> any Sendable,
        choose: ([Int]) throws(InterleavingsError) -> Int,
        touched: (Footprint) -> Void = { _ in },
        finished: ([ScheduleSearch.StepRecord]) -> Void = { _ in }
    ) throws(InterleavingsError) -> Ending {
        Self.current.withLock { $0 = self }
        Self.isActive.store(true, ordering: .releasing)
        defer {
            Self.isActive.store(false, ordering: .releasing)
            Self.current.withLock { $0 = nil }
        }
        startRoot(body)
        var deadlocked = false
        while true {
            let (runnable, returned) = state.withLock { ($0.runnableLanes, $0.root != nil) }
            if returned { break }
            if runnable.isEmpty {
                // A lane parked in performAndWait on a lane that cannot run: a deadlock, whatever
                // happens outside. Otherwise every task waits for something the run does not hold.
                if state.withLock({ $0.hasWaitingLane }) {
                    deadlocked = true
                    break
                }
                try waitForEscapedWork()
                continue
            }
            touched(try step(choose(runnable)))
            try throwEscapes()
        }
        if !deadlocked {
            while let lane = state.withLock({ $0.runnableLanes.first }) {
                _ = try step(lane)
            }
            try throwEscapes()
        }
        finished(state.withLock { $0.records })
        return state.withLock { state in
            let schedule = Schedule(lanes: state.lanes.map(\.name), steps: state.steps, endedInDeadlock: deadlocked)
            switch state.root {
            case .returned(let value): return .returned(value, schedule)
            case .threw(let message): return .threw(message, schedule)
            case nil:
                let mainParked = state.laneIndex[.mainQueue].map { index in
                    if case .waiting = state.lanes[index].state { return true }
                    return false
                } ?? false
                return .deadlocked(schedule, blocksMainQueue: mainParked)
            }
        }
    }

    /// Starts the body as a detached task whose first job the run holds, as lane "task 1".
    private func startRoot(_ body: @escaping @Sendable () async throws -> any Sendable) {
        state.withLock { $0.runningThread = pthread_self() }
        Task.detached { [self] in
            let result: RootResult
            do {
                result = .returned(try await body())
            } catch {
                result = .threw(String(describing: error))
            }
            state.withLock { $0.root = result }
        }
        state.withLock { $0.runningThread = nil }
    }

    private enum Start {
        case open(Gate)
        case run(HeldJob)
    }

    /// Runs one step of `lane` and waits for it to end; returns what it touched.
    private func step(_ lane: Int) throws(InterleavingsError) -> Footprint {
        let start = state.withLock { state -> Start in
            state.stepEnded = false
            state.runningLane = lane
            // Opaque while a plain actor's turn is alive, or if the step starts one: see `Lane.isActorTurn`.
            state.footprint = Footprint(isOpaque: state.lanes.contains { $0.isActorTurn && $0.isAlive })
            switch state.lanes[lane].state {
            case .paused(let point, let label, let cause, let gate):
                state.steps.append(Schedule.Step(lane: lane, label: label))
                state.causes = cause.map { [$0] } ?? []
                switch point {
                case .storeRead(let store)?: state.footprint.reads.insert(state.storeName(store))
                case .storeCommit(let store)?: state.footprint.writes.insert(state.storeName(store))
                case .didSave?: state.footprint.writes.insert("did-save")
                case .named(let name)?: state.footprint.writes.insert("shared: " + name)
                case nil: break
                }
                state.lanes[lane].state = .running
                return .open(gate)
            case .idle, .running, .waiting:
                let job = state.lanes[lane].pending.removeFirst()
                state.steps.append(Schedule.Step(lane: lane, label: job.label))
                state.causes = job.enqueuedBy.map { [$0] } ?? []
                state.lanes[lane].state = .running
                return .run(job)
            }
        }
        switch start {
        case .open(let gate):
            gate.open()
        case .run(let job):
            job.queue.async { [self] in run(job, on: lane) }
        }
        let footprint = state.withLock(when: \.stepEnded, deadline: Date(timeIntervalSinceNow: stepTimeout)) { state in
            state.records.append(ScheduleSearch.StepRecord(lane: lane, footprint: state.footprint, causes: state.causes))
            return state.footprint
        }
        guard let footprint else {
            let (name, label) = state.withLock { ($0.lanes[lane].name, $0.steps.last?.label ?? "") }
            throw .jobDidNotYield(lane: name, step: label, seconds: stepTimeout)
        }
        return footprint
    }

    /// The held job's whole life on its queue's thread; it may park at points in between.
    private func run(_ job: HeldJob, on lane: Int) {
        state.withLock { $0.runningThread = pthread_self() }
        job.body()
        state.withLock { state in
            state.lanes[lane].state = .idle
            if let waiter = job.waiter, case .waiting(let gate) = state.lanes[waiter].state {
                state.lanes[waiter].state = .paused(nil, label: "performAndWait returns", cause: state.steps.count - 1, gate)
            }
            state.endStep()
        }
    }

    /// Nothing can run, yet the body has not returned and no lane waits in `performAndWait`: every
    /// task waits for something the run does not hold. Gives it a moment to show itself (a job
    /// enqueued from another thread names what escaped); if nothing comes, says what it must be.
    private func waitForEscapedWork() throws(InterleavingsError) {
        let woke = state.withLock(when: { !$0.escapes.isEmpty || !$0.runnableLanes.isEmpty || $0.root != nil },
                                  deadline: Date(timeIntervalSinceNow: 0.25)) { _ in true }
        try throwEscapes()
        if woke == nil {
            throw .workEscaped("every task of the body waits for something the explorer does not run: a sleep, a timer, another thread, or a continuation nobody resumes")
        }
    }

    private func throwEscapes() throws(InterleavingsError) {
        if let escape = state.withLock({ $0.escapes.first }) { throw .workEscaped(escape) }
    }
}

/// The executor a held task job runs on, in place of the global concurrent executor.
///
/// Running a task's job "on" the global concurrent executor as a task executor
/// (`runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())`) makes the runtime
/// send the task's later hops straight to that executor, past the hook, where the explorer loses
/// them. On a serial executor of its own, every hop away goes back through the hook, and a
/// continuation resumed later comes back here, to ``enqueue(_:)``, which holds it again.
final class GlobalExecutorStandIn: SerialExecutor {
    static let shared = GlobalExecutorStandIn()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !ScheduleRun.holdRuntimeJob(job, sentTo: .standIn) {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}

/// Where a parked step's thread waits until the explorer lets it go on.
final class Gate: Sendable {
    private let isOpen = Locked(false)

    func wait() {
        isOpen.withLock(when: { $0 }) { _ in }
    }

    func open() {
        isOpen.withLock { $0 = true }
    }
}
