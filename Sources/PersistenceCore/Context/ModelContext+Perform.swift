import Dispatch

extension ModelContext {
    /// Runs `block` on the context's queue, later; returns at once.
    ///
    /// The block is `@Sendable`: the compiler stops it from capturing a model of another context
    /// (pass a ``PersistentIdentifier`` in instead).
    public func perform(_ block: @escaping @Sendable () -> Void) {
        enqueue("perform", block)
    }

    /// Every asynchronous job of the context's queue comes through here: `perform`, a model
    /// actor's jobs, merges. `label` names the job in an explored schedule (see ``ExplorationSeam``),
    /// which holds the job here until it chooses to run it; `task` is the Swift job a model
    /// actor's job runs, which names its task there.
    ///
    /// A block runs under the ``ConcurrencyDebug/withTaskMode(_:isolation:_:)`` its caller runs
    /// under (a model actor's job needs no carrying, since it runs its own task), and keeps the
    /// container of a main or view context alive until it has run.
    func enqueue(_ label: String, running task: UnownedJob? = nil, _ block: @escaping @Sendable () -> Void) {
        let taskMode = task == nil ? TaskMode.toCarry : nil
        let container = containerForQueuedJob
        let job: @Sendable () -> Void = { [token] in
            withExtendedLifetime(container) {
                TaskMode.carrying(taskMode) {
                    QueueOwnership.withHeld([token]) { TraceRecorder.span(.job(label), on: self) { _ in block() } }
                }
            }
        }
        if ExplorationSeam.controller?.holdContextJob(on: self, label: label, running: task, job) == true { return }
        queue.async(execute: job)
    }

    /// Runs `block` on the context's queue and waits for it; reentrant.
    ///
    /// Already on the queue (or inside another `performAndWait` that this context is waiting in),
    /// the block runs in place; otherwise the caller blocks until the queue has run it. The
    /// block may return a value and throw.
    ///
    /// The block is `@Sendable`, as in Core Data's current declaration
    /// (`performAndWait<T>(_ block: @Sendable () throws -> T) rethrows -> T`): it runs on another
    /// queue, so the compiler stops it from capturing a model of the caller's. Pass a
    /// ``PersistentIdentifier`` in and look the model up inside.
    ///
    /// > Warning: From a thread the main queue is waiting on, `performAndWait` on a main-queue
    /// > context deadlocks, as `DispatchQueue.main.sync` does.
    @discardableResult
    public func performAndWait<T, E: Error>(_ block: @Sendable () throws(E) -> T) throws(E) -> T {
        try runAndWait(block)
    }

    /// ``performAndWait(_:)`` for blocks that need not be `Sendable`: the core's own (the
    /// `.autoDispatch` hop carries the model it was called on) and the package's tests and
    /// checkers, which read a model they hold on its context's queue. `package`: an app that
    /// depends on the library sees only Core Data's `@Sendable` form.
    @discardableResult
    package func runAndWait<T, E: Error>(_ block: () throws(E) -> T) throws(E) -> T {
        if isOnQueue { return try block() }
        let held = QueueOwnership.held + [token]
        let taskMode = TaskMode.toCarry
        return try withoutActuallyEscaping(block) { (escapable) throws(E) -> T in
            let runner = SyncRunner(escapable)
            let run: @Sendable () -> Void = {
                TaskMode.carrying(taskMode) { TraceRecorder.span(.job("performAndWait"), on: self) { _ in runner.run(holding: held) } }
            }
            if ExplorationSeam.controller?.runAndWait(on: self, run) != true {
                queue.sync(execute: run)
            }
            return try runner.result!.get()
        }
    }

    /// Runs `block` on the context's queue and awaits its result: Core Data's async `perform`.
    ///
    /// `.immediate` runs the block at once when the caller already runs on the context's queue
    /// (it still suspends the caller until the block is done); `.enqueued` always goes behind the
    /// work already queued.
    ///
    /// It throws exactly what `block` throws (typed throws: Core Data's `rethrows`).
    ///
    /// `nonisolated(nonsending)`: the call starts on the caller's executor (SE-0461), so from a
    /// model actor, whose executor is this context's queue, `.immediate` really is immediate.
    public nonisolated(nonsending) func perform<T: Sendable, E: Error>(
        schedule: ScheduledTaskType = .immediate,
        _ block: @escaping @Sendable () throws(E) -> T
    ) async throws(E) -> T {
        if schedule == .immediate, isOnQueue {
            return try block()
        }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
            perform {
                do throws(E) {
                    continuation.resume(returning: .success(try block()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Runs `body` on the context's queue synchronously: the `.autoDispatch` hop.
    func hopSynchronously<T>(_ body: () -> T) -> T {
        runAndWait(body)
    }
}

/// Carries a non-Sendable synchronous block and its result through `DispatchQueue.sync` (or an
/// explored run's held job), letting go of the block once it has run: the block is only lent
/// (`withoutActuallyEscaping`), and a job closure the explorer's queue frees a moment later must
/// not still hold it when `performAndWait` returns.
// @unchecked: used by exactly one job, which finishes before the caller reads `result`.
private final class SyncRunner<T, E: Error>: @unchecked Sendable {
    private var block: (() throws(E) -> T)?
    var result: Result<T, E>?

    init(_ block: @escaping () throws(E) -> T) { self.block = block }

    func run(holding held: [UInt]) {
        guard let block else { return }
        self.block = nil
        result = QueueOwnership.withHeld(held) { () -> Result<T, E> in
            do throws(E) { return .success(try block()) } catch { return .failure(error) }
        }
    }
}
