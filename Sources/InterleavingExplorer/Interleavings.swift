import Foundation
import PersistenceCore

/// Runs a body once per schedule of its jobs: every order in which its contexts' queues, model
/// actors and tasks could take their turns. The lab's answer to "is there *any*
/// order in which this loses an update?", in the manner of Rust's loom and Microsoft's CHESS.
///
/// ```swift
/// let exploration = try await Interleavings.explore { () async throws -> Bool in
///     let container = try ModelContainer(for: Item.self, configurations: .init(isStoredInMemoryOnly: true))
///     ...                        // builds its own state; runs once per schedule
///     return lostAnUpdate
/// }
/// exploration.outcomes           // [true: 4, false: 16]
/// exploration.firstSchedule(producing: true)?.timeline
/// ```
///
/// While the body runs, every job it enqueues is held, and the explorer picks which runs next:
/// on a context's queue (`perform`, `performAndWait`, merges, a model actor's jobs), the global
/// concurrent executor (task starts and resumptions). Inside a job, every access
/// to state that queues share is a point where it may be paused and another lane run first: a
/// store read, a commit, a did-save notification (see ``willAccess(_:)``). Jobs of one queue or
/// actor keep their order, so every schedule is one the runtime could produce; two contexts'
/// queues run in parallel in a real app, and their reads and commits interleave here too.
///
/// The body must build its state afresh (an in-memory container, say) and depend on nothing but
/// the schedule: each run repeats the choices of the one before up to the step it changes.
/// Work outside the explorer (a `Thread`, `DispatchQueue.global()`, a pending `Task.sleep`) is reported as
/// ``InterleavingsError/workEscaped(_:)``. How it works, and what it cannot see, is in the
/// article <doc:ExploringInterleavings>.
public enum Interleavings {
    /// Runs `body` once per schedule, depth first, until every schedule has run or `limit`
    /// schedules have.
    ///
    /// - Parameters:
    ///   - limit: The most schedules to run; ``Exploration/isExhaustive`` says whether that was all.
    ///   - pruning: Skip schedules that only swap independent steps of different lanes (steps
    ///     that touch no common store, queue or notification): dynamic partial-order reduction.
    ///     State that lanes share some other way (a lock, an atomic) is invisible to the explorer:
    ///     announce it with ``willAccess(_:)``, or pass `false` to run every order.
    ///   - body: Returns the outcome of one run; a thrown error stops the exploration with
    ///     ``InterleavingsError/bodyThrew(_:_:)``.
    public static func explore<Outcome: Hashable & Sendable>(
        limit: Int = 10_000,
        pruning: Bool = true,
        _ body: @escaping @Sendable () async throws -> Outcome
    ) async throws -> Exploration<Outcome> {
        guard limit >= 1 else { throw InterleavingsError.invalidLimit(limit) }
        return try await onExplorerThread { () throws(InterleavingsError) -> Exploration<Outcome> in
            try exploreHere(limit: limit, pruning: pruning, body)
        }
    }

    /// Runs `body` under `schedule` again (a schedule an exploration reported, perhaps saved and
    /// decoded) and returns its outcome: the same one, for a body that depends only on the schedule.
    public static func replay<Outcome: Hashable & Sendable>(
        _ schedule: Schedule,
        _ body: @escaping @Sendable () async throws -> Outcome
    ) async throws -> Outcome {
        try await onExplorerThread { () throws(InterleavingsError) -> Outcome in
            try ScheduleRun.exclusively { () throws(InterleavingsError) -> Outcome in
                RuntimeHooks.install()
                var step = 0
                let ending = try ScheduleRun().run({ try await body() }, choose: { (runnable) throws(InterleavingsError) -> Int in
                    defer { step += 1 }
                    guard step < schedule.steps.count else { return runnable[0] }
                    let lane = schedule.steps[step].lane
                    guard runnable.contains(lane) else {
                        throw .scheduleDoesNotFit(step: step + 1, lane: schedule.lanes.indices.contains(lane) ? schedule.lanes[lane] : "lane \(lane)")
                    }
                    return lane
                })
                switch ending {
                case .returned(let value, _): return value as! Outcome  // the body's own return value
                case .threw(let message, let schedule): throw .bodyThrew(message, schedule)
                case .deadlocked(let schedule, _): throw .deadlocked(schedule)
                }
            }
        }
    }

    /// Marks a point where the current job touches `name`, state its queue shares with others
    /// outside the store (a lock-protected cache, an atomic counter): the explorer may pause the
    /// job here, and never prunes two steps that touch the same name. Does nothing outside an
    /// exploration.
    public static func willAccess(_ name: String) {
        ScheduleRun.activeRun?.pause(at: .named(name))
    }

    private static func exploreHere<Outcome: Hashable & Sendable>(
        limit: Int, pruning: Bool, _ body: @escaping @Sendable () async throws -> Outcome
    ) throws(InterleavingsError) -> Exploration<Outcome> {
        try ScheduleRun.exclusively { () throws(InterleavingsError) -> Exploration<Outcome> in
            RuntimeHooks.install()
            let search = ScheduleSearch(pruning: pruning)
            var tally = Exploration<Outcome>.Tally()
            repeat {
                guard tally.scheduleCount < limit else {
                    tally.prunedCount = search.skippedChoices
                    return tally.exploration(isExhaustive: false)
                }
                search.beginRun()
                let ending = try ScheduleRun().run({ try await body() }, choose: search.choose,
                                                   touched: search.stepTouched, finished: search.finishRun)
                if search.isBlocked { continue }
                switch ending {
                case .returned(let value, let schedule):
                    tally.record(value as! Outcome, schedule)  // the body's own return value
                case .threw(let message, let schedule):
                    throw .bodyThrew(message, schedule)
                case .deadlocked(let schedule, let blocksMainQueue):
                    tally.recordDeadlock(schedule)
                    // Its parked thread keeps the main queue: no later run could use it.
                    if blocksMainQueue {
                        tally.prunedCount = search.skippedChoices
                        return tally.exploration(isExhaustive: false)
                    }
                }
            } while search.advance()
            tally.prunedCount = search.skippedChoices
            return tally.exploration(isExhaustive: true)
        }
    }

    /// Runs `work` on a thread of its own and awaits it: the explorer blocks while a step runs,
    /// and must never block a queue a step may need (the main queue above all).
    private static func onExplorerThread<T: Sendable>(
        _ work: @escaping @Sendable () throws(InterleavingsError) -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do throws(InterleavingsError) {
                    continuation.resume(returning: try work())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "Interleavings explorer"
            thread.start()
        }
    }
}
