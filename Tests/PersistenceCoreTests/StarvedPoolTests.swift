import Dispatch
import Foundation
import Testing

/// Swift's cooperative pool has one thread per core. `performAndWait` inside async tasks blocks
/// a pool thread; with as many such tasks as threads, while the context's queue waits for work
/// only a task can do, nothing can ever run again. The helper process does exactly that (see
/// `PoolStarver`), so the hang happens in a child that the test stops, never in the test run.
///
/// The child reports when every pool thread has its task; from then on the outcome is decided
/// (a deadlock, or a finish). The time limit only bounds how long the test watches a process
/// that can no longer make progress.
@Suite("A starved cooperative pool")
struct StarvedPoolTests {
    /// How long a child that has filled the pool is given to finish.
    static let limit = DispatchTimeInterval.seconds(2)

    /// Whether the child prints `done` within ``limit``: a semaphore the child's `done` line
    /// signals, waited on with that bound (on a dispatch thread, not the test's).
    func finishes(_ child: ChildProcess) async -> Bool {
        let done = DispatchSemaphore(value: 0)
        let reader = Task {
            if await child.firstLine(where: { $0 == "done" }) != nil { done.signal() }
        }
        let finished = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: done.wait(timeout: .now() + Self.limit) == .success)
            }
        }
        reader.cancel()
        return finished
    }

    @Test("performAndWait in one task per pool thread, on a queue waiting for a task: the child stalls and is stopped")
    func blockingStarvesThePool() async throws {
        let child = try ChildProcess(CrashImporter.executable(), ["starve-pool", "blocking"])
        let waiting = await child.firstLine { $0.hasPrefix("waiting") }
        #expect(waiting != nil, "every pool thread got its task")
        #expect(await finishes(child) == false, "stalled: no progress within \(Self.limit)")
        child.killNow()
        let end = await child.termination()
        #expect(end.reason == .uncaughtSignal && end.status == SIGKILL, "the child was stopped, not finished")
    }

    @Test("await context.perform in the same tasks gives the threads back: the child finishes")
    func suspendingFinishes() async throws {
        let child = try ChildProcess(CrashImporter.executable(), ["starve-pool", "suspending"])
        #expect(await child.firstLine { $0.hasPrefix("waiting") } != nil)
        #expect(await finishes(child))
        let end = await child.termination()
        #expect(end.reason == .exit && end.status == 0)
    }
}
