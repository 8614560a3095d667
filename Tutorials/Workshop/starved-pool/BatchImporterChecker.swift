import Dispatch
import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: an import's helpers, called from several tasks at once.
protocol BatchImporting: Sendable {
    init()
    /// Inserts an item per timestamp into `context`, a private-queue context, and saves it.
    /// Called from a task, while other tasks save their batches into the same context.
    func saveBatch(_ timestamps: [Date], in context: ModelContext) async throws
    /// How many items `context`, a private-queue context, holds. Called from a task, while other
    /// tasks count too.
    func countItems(in context: ModelContext) async throws -> Int
}

/// Sets the starved-pool lesson's trap for each method, where a stall cannot hurt the process
/// that runs the check: on a pool of its own, two threads (``FixedThreadExecutor``), not on
/// Swift's cooperative pool.
///
/// ```
/// // context's queue          the checker's pool (2 threads)      the checker (a dispatch thread)
/// // busy until `release`
/// //                          task 1: saveBatch(…)                both tasks started
/// //                          task 2: saveBatch(…)                waits ≤ 2 s for the pool to idle
/// //                          (both suspended: threads free)      idle: queues task 3
/// //                          task 3: release
/// // runs both batches        tasks 1 and 2 return                both finished
/// ```
///
/// A private context's queue is kept busy by a block that waits for a signal; then one task per
/// thread of the pool calls the method. Calls that suspend (`await context.perform`, a model
/// actor) leave the pool idle: no job running, none queued. Only then does a task on the same
/// pool release the queue, as in the lesson, and the calls finish. Calls that block
/// (`performAndWait`) hold every thread, so the pool never idles and a task could never run to
/// release the queue: after ``stallLimit`` the run is stalled. The checker then releases the
/// queue itself, from its dispatch thread: the blocked calls go through, the tasks end and the
/// pool's threads with them, so a failed check leaves no thread blocked behind. A call that had
/// returned while the pool was idle and the queue still busy did not wait for its work (a `Task`
/// not awaited), or did it off the queue, which `ConcurrencyDebug` records.
///
/// Nothing is timed. The verdict is "did the pool go idle?", and the bound only decides how long
/// a pool that has not is watched. The release is queued only once the pool is idle, so the
/// verdict does not depend on which job happens to run first. Each method gets its own container,
/// context and pool; both traps are set at once, each watched from its own dispatch thread, so a
/// stalled check takes ``stallLimit`` once.
///
/// What it cannot see: code that leaves the checker's pool (`Task.detached`, an actor of its own)
/// and blocks there, and a `performAndWait` reached after the call's first `await` (by then the
/// queue is free, and the wait is short). If a call never returns even once the queue is free,
/// its task stays where it is (suspended, or blocking one of this check's own threads): the
/// check reports it after ``progressLimit``, and nothing else in the process waits for it.
enum BatchImporterChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "starved-pool",
        title: "Await the context's queue instead of blocking a thread for it",
        goal: "An import saves its items in batches from several tasks at once (a task group), and each task counts the items to report progress. Both helpers wrap their work in `context.performAndWait`, which blocks the task's thread until the context's queue has run the block. Tasks run on Swift's cooperative pool, one thread per core: with one such task per thread while the queue waits for something only a task can do, nothing ever runs again. Make both helpers wait for the queue without holding a thread.",
        file: "Tutorials/Workshop/starved-pool/BatchImporter.swift",
        exerciseCheck: "BatchImporterChecker.check(BatchImporter.self)",
        checkSolution: { await BatchImporterChecker.check(Solution.BatchImporter.self) }
    )

    /// The checker's pool: as many threads as a two-core machine's cooperative pool has.
    static let threads = 2
    static let batchSize = 5, savedItems = 3
    /// How long a pool that has not gone idle is watched before the run counts as stalled.
    static let stallLimit: Duration = .seconds(2)
    /// How long what happens whatever the code gets: the tasks start, and calls finish once the
    /// queue is free. Generous, for a loaded machine; a passing check never waits for it.
    static let progressLimit: Duration = .seconds(10)

    static func check<Importer: BatchImporting>(_: Importer.Type) async -> [String] {
        do {
            let savingContainer = try ModelContainer(for: Item.self, configuration: .inMemory)
            let countingContainer = try ModelContainer(for: Item.self, configuration: .inMemory)
            let saving = savingContainer.newBackgroundContext()
            let counting = countingContainer.newBackgroundContext()
            try await counting.perform {
                for number in 0..<savedItems {
                    counting.insert(Item(timestamp: Date(timeIntervalSince1970: Double(-1 - number))))
                }
                try counting.save()
            }

            let (runs, violations) = await ConcurrencyDebug.withMode(.record) {
                async let saves = onDispatchThread {
                    trap(saving) { index in try await Importer().saveBatch(batch(index), in: saving) }
                }
                async let counts = onDispatchThread {
                    trap(counting) { _ in try await Importer().countItems(in: counting) }
                }
                return await (saves: saves, counts: counts)
            }

            var findings = runFindings(runs.saves, of: "saveBatch(_:in:)",
                                       violations: violations.against(saving.queueLabel))
            if runs.saves.allSucceeded {
                let saved = try await savedTimestamps(in: savingContainer, after: saving)
                let expected = (0..<threads).flatMap(batch)
                if saved.count != expected.count {
                    findings.append("After \(threads) saveBatch(_:in:) calls of \(batchSize) items each, the store holds "
                        + "\(saved.count) item(s); expected \(expected.count): each batch inserted into the context, then saved.")
                } else if saved != expected {
                    findings.append("After \(threads) saveBatch(_:in:) calls, the store holds \(saved.count) items, but not "
                        + "with the batches' timestamps: insert one `Item(timestamp:)` per timestamp given.")
                }
            }
            findings += runFindings(runs.counts, of: "countItems(in:)", violations: violations.against(counting.queueLabel))
            let counts = runs.counts.results.compactMap { try? $0?.get() }
            if counts.count == threads, counts.contains(where: { $0 != savedItems }) {
                findings.append("countItems(in:) returned \(counts.map(String.init).joined(separator: " and ")); the "
                    + "context holds \(savedItems) items, so each call should return \(savedItems).")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Preparing or reading the stores")]
        }
    }

    /// The timestamps of batch `index`: distinct from every other batch's.
    private static func batch(_ index: Int) -> [Date] {
        (0..<batchSize).map { Date(timeIntervalSince1970: Double(index * batchSize + $0)) }
    }

    /// Keeps `context`'s queue busy until a task releases it, runs `call` in one task per thread
    /// of a pool of the check's own, and returns whether the pool went idle and what each call
    /// returned. Blocks the caller, up to ``stallLimit`` plus twice ``progressLimit``: call it on a
    /// dispatch thread, never on a thread of the cooperative pool.
    private static func trap<Value: Sendable>(
        _ context: ModelContext, _ call: @escaping @Sendable (Int) async throws -> Value
    ) -> TrapRun<Value> {
        let release = DispatchSemaphore(value: 0)
        context.perform { release.wait() }  // the queue is busy until a task releases it

        let pool = FixedThreadExecutor(threads: threads, name: "checker pool")
        let results = CallResults<Value>(count: threads)
        let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        for index in 0..<threads {
            Task(executorPreference: pool) {
                started.signal()
                do {
                    results.set(index, .success(try await call(index)))
                } catch {
                    results.set(index, .failure(error))
                }
                finished.signal()
            }
        }
        // Every task has had a thread before the pool is asked whether it is idle.
        _ = wait(started, times: threads, within: progressLimit)
        var blocked: Int?, returnedEarly = 0
        if pool.waitUntilIdle(within: stallLimit) {
            // Idle with the queue still busy: a call that has returned did not wait for the queue.
            returnedEarly = results.values.filter { if case .success? = $0 { true } else { false } }.count
            Task(executorPreference: pool) { release.signal() }  // the lesson's trap: a task frees the queue
        } else {
            blocked = pool.busyThreads
            release.signal()  // stalled: the checker frees the queue, and the blocked calls go through
        }
        _ = wait(finished, times: threads, within: progressLimit)
        pool.stop()
        return TrapRun(blockedThreads: blocked, returnedWhileQueueBusy: returnedEarly, results: results.values)
    }

    /// What is wrong with one method's run: a stall, calls that never returned, an error, or
    /// the context used off its queue.
    private static func runFindings<Value>(
        _ run: TrapRun<Value>, of method: String, violations: [ConcurrencyViolation]
    ) -> [String] {
        var findings: [String] = []
        let unfinished = run.results.filter { $0 == nil }.count
        if let blocked = run.blockedThreads {
            var text = blocked >= threads
                ? "\(method) stalled: \(blocked) tasks blocked their threads in performAndWait (every thread of the "
                    + "checker's \(threads)-thread pool) while the context's queue waited for a task on that pool, which "
                    + "could then never run; after \(seconds(stallLimit)) the checker freed the queue itself."
                : "\(method) held threads while the context's queue was busy: after \(seconds(stallLimit)), \(blocked) of "
                    + "the checker's \(threads) threads were still blocked (performAndWait?), and with one such call per "
                    + "thread the pool stalls; the checker freed the queue itself."
            text += " In async code, `await context.perform { ... }` suspends the task instead and gives its thread back "
                + "(`lab run starved-pool` shows both)."
            if unfinished > 0 {
                text += " \(unfinished) call(s) still had not returned \(seconds(progressLimit)) after the queue was freed."
            }
            findings.append(text)
        } else if unfinished > 0 {
            findings.append("\(unfinished) of \(threads) \(method) calls had not returned \(seconds(progressLimit)) after "
                + "the context's queue was freed, though none held a thread: make sure every path returns (a "
                + "continuation resumed exactly once, each perform awaited).")
        }
        if case .failure(let error)? = run.results.first(where: { if case .failure? = $0 { true } else { false } }) {
            findings.append(finding(for: error, in: method))
        }
        if run.returnedWhileQueueBusy > 0 && violations.isEmpty {
            findings.append("\(run.returnedWhileQueueBusy) of \(threads) \(method) calls returned while the context's "
                + "queue was still busy, so their work had not run yet: await it (`try await context.perform { ... }` "
                + "returns once the queue has run the block, with its result or its error).")
        }
        if !violations.isEmpty {
            findings.append("\(method) used the context off its queue: \(violations.summary). Do the work inside "
                + "`await context.perform { ... }`, on the context's queue, without holding a thread while it waits.")
        }
        return findings
    }

    /// Every saved item's timestamp, oldest first, read in a fresh context once `context`'s
    /// queue has run whatever the calls queued there.
    private static func savedTimestamps(in container: ModelContainer, after context: ModelContext) async throws -> [Date] {
        await context.perform(schedule: .enqueued) {}
        let reader = container.newBackgroundContext()
        return try await reader.perform {
            try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])).map(\.timestamp)
        }
    }

    /// Runs `body` on a dispatch thread, not on one of the cooperative pool's: it may wait there.
    private static func onDispatchThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: body()) }
        }
    }

    /// Waits for `times` signals of `semaphore`, all within `limit`; false if they did not come.
    private static func wait(_ semaphore: DispatchSemaphore, times: Int, within limit: Duration) -> Bool {
        let deadline = DispatchTime.after(limit)
        return (0..<times).allSatisfy { _ in semaphore.wait(timeout: deadline) == .success }
    }

    private static func seconds(_ duration: Duration) -> String {
        "\(duration.components.seconds) s"
    }
}

/// What one trap saw.
private struct TrapRun<Value: Sendable>: Sendable {
    /// The pool's threads still running a job when the checker stopped waiting for it to go
    /// idle; nil when it went idle.
    var blockedThreads: Int?
    /// The calls that had returned before the queue was freed: they did not wait for it.
    var returnedWhileQueueBusy: Int
    /// Each call's result, in task order; nil for a call that had not returned.
    var results: [Result<Value, any Error>?]

    /// True when every call returned without an error.
    var allSucceeded: Bool {
        results.allSatisfy { if case .success? = $0 { true } else { false } }
    }
}

/// The calls' results, set by the tasks and read by the checker.
private final class CallResults<Value: Sendable>: Sendable {
    private let stored: Locked<[Result<Value, any Error>?]>

    init(count: Int) {
        stored = Locked(Array(repeating: nil, count: count))
    }

    func set(_ index: Int, _ result: Result<Value, any Error>) {
        stored.withLock { $0[index] = result }
    }

    var values: [Result<Value, any Error>?] {
        stored.value
    }
}
