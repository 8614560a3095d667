import Dispatch
import PersistenceCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of an explored body under one schedule: the jobs it enqueues are held in lanes, and
/// exactly one step runs at a time, the one the explorer chose.
///
/// **Lanes.** A lane is a queue, an actor or a task: every context's queue (the main context's is
/// the main queue), every task, every plain actor's turn. A lane's jobs run in
/// the order they were enqueued, as a serial queue or an actor runs them, so every schedule is
/// one the runtime could produce.
///
/// **Steps.** A chosen job runs on the queue it would run on (a context's queue, the main queue,
/// or a queue standing in for the global executor), while the explorer's thread waits.
/// The job's step ends when it returns, or when it reaches a ``SchedulingPoint`` (a store read, a
/// commit, a did-save) or waits in `performAndWait`: its thread is then parked on a ``ThreadGate`` and
/// the lane can be chosen again later to go on from there.
///
/// **What is held.** A job belongs to the run when it is enqueued from the thread running the
/// current step (or, for the first job of the body, from the explorer's thread). Anything else is
/// left alone, so the lab's other work and parallel tests run as usual. A job enqueued from an
/// uncontrolled thread onto a task or a context of the run is work that escaped: reported as
/// ``InterleavingsError/workEscaped(_:)``.
// @unchecked: every mutable field is in `state`, a Locked.
final class ScheduleRun: @unchecked Sendable {
    enum LaneKey: Hashable {
        case mainQueue
        case context(UInt)
        case task(UInt64)
        case actorTurn(Int)
    }

    struct HeldJob: Sendable {
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

    enum LaneState {
        case idle
        case running
        /// Parked at a scheduling point (or back from `performAndWait`, after step `cause`), ready to go on.
        case paused(SchedulingPoint?, label: String, cause: Int?, ThreadGate)
        /// Parked in `performAndWait` until a job of another lane has run.
        case waiting(ThreadGate)
    }

    struct Lane {
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

    enum RootResult {
        case returned(any Sendable)
        case threw(String)
    }

    struct State {
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

    let state = Locked(State())
    /// How long a step may run before the explorer calls it stuck outside its control.
    private let stepTimeout: TimeInterval = 10

    // MARK: The run under way

    /// One exploration at a time per process: the hooks are process-wide.
    private static let exploring = Locked(false)
    /// Stands in for the global concurrent executor: task jobs run here, one at a time.
    static let globalStandIn = DispatchQueue(label: "Interleavings: global concurrent executor", attributes: .concurrent)

    /// The run under way: the controller the core's seam holds, read first by every runtime hook
    /// (one atomic load when nothing is explored).
    static var activeRun: ScheduleRun? {
        ExplorationSeam.controller as? ScheduleRun
    }

    /// Runs `body` with no other exploration under way in the process.
    static func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        exploring.withLock(when: { !$0 }) { $0 = true }
        defer { exploring.withLock { $0 = false } }
        return try body()
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
        ExplorationSeam.install(self)
        defer {
            ExplorationSeam.uninstall()
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
        case open(ThreadGate)
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
            gate.signal()
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
