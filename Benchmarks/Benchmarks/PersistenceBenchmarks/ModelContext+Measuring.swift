import PersistenceCore

extension ModelContext {
    /// Runs `body` on the context's queue and waits for it, where `body` holds the benchmark to
    /// start and stop its measurement: `performAndWait`'s block is `@Sendable` (as Core Data's),
    /// and a `Benchmark` is not, so the queue is entered with `DispatchQueue.sync`.
    func measuringOnQueue<T>(_ body: () throws -> T) rethrows -> T {
        try queue.sync(execute: body)
    }
}
