import Dispatch
import PersistenceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where jobs come into a run: the runtime's hooks (here), and a context's work through the core's
/// seam (below). Each asks whether the current thread runs the run's chosen step; only then is the
/// job held (or the step parked).
extension ScheduleRun {
    /// Where the runtime sent a job.
    enum RuntimeDestination {
        /// The global concurrent executor (the hook): a task's start or resumption, or a plain
        /// actor's turn.
        case global
        /// ``GlobalExecutorStandIn``: a task resumed where it last ran, or its `Task.yield()`.
        case standIn
    }

    /// Holds `job` if the run's current step enqueued it.
    static func holdRuntimeJob(_ job: UnownedJob, sentTo destination: RuntimeDestination) -> Bool {
        guard let run = activeRun else { return false }
        let task = taskID(of: job)
        let held = HeldJob(label: "", queue: globalStandIn) {
            job.runSynchronously(on: GlobalExecutorStandIn.shared.asUnownedSerialExecutor())
        }
        return run.state.withLock { (state: inout State) -> Bool in
            guard state.isCurrentThreadRunning else {
                if let task, state.knownTasks.contains(task) {
                    let place = DispatchQueue.currentLabel
                    state.escapes.append("a task of the body was resumed from a thread the explorer does not control (\(place))"
                        + (place == QueueIdentity.mainQueueLabel ? ": the MainActor, whose jobs the runtime does not let the explorer hold" : ""))
                }
                return false
            }
            let label: String
            let lane: Int
            if let task {
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

    func resume(after gate: ThreadGate) {
        gate.wait()
        state.withLock { $0.runningThread = pthread_self() }
    }

    /// The id the runtime gives a task's job ("UnownedJob(id: 12)"); nil for an actor's turn.
    static func taskID(of job: UnownedJob) -> UInt64? {
        let text = job.description
        guard let start = text.range(of: "id: ")?.upperBound else { return nil }
        return UInt64(text[start...].prefix { $0.isNumber })
    }
}

/// The core's side of a run (``ExplorationSeam``): while a run is under way, every context hands
/// it its `perform` jobs, its `performAndWait` calls, its scheduling points and its new contexts.
/// Each asks whether the current thread runs the run's chosen step; only then is the job held (or
/// the step parked).
extension ScheduleRun: JobController {
    /// `perform` and every asynchronous job on `context`'s queue: holds `body` if the current
    /// step enqueued it.
    func holdContextJob(on context: ModelContext, label: String, running task: UnownedJob?,
                               _ body: @escaping @Sendable () -> Void) -> Bool {
        let run = self
        let task = task.flatMap(Self.taskID(of:))
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
    func runAndWait(on context: ModelContext, _ body: @escaping @Sendable () -> Void) -> Bool {
        let run = self
        let gate = ThreadGate()
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
    func pause(at point: SchedulingPoint) {
        let run = self
        let gate = ThreadGate()
        let parked = run.state.withLock { state -> Bool in
            guard state.isCurrentThreadRunning, let lane = state.runningLane else { return false }
            state.lanes[lane].state = .paused(point, label: point.label, cause: nil, gate)
            state.endStep()
            return true
        }
        if parked { run.resume(after: gate) }
    }

    /// Marks a context made by the current step as the run's: using it from elsewhere is an escape.
    func noteCreated(_ context: ModelContext) {
        let run = self
        run.state.withLock { state in
            if state.isCurrentThreadRunning { state.ownedContexts.insert(context.token) }
        }
    }
}
