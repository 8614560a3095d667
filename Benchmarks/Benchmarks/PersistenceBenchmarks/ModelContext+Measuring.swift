import BenchmarkSupport
import PersistenceCore
import SampleModels

extension ModelContext {
    /// Runs `body` on the context's queue and waits for it, where `body` holds the benchmark to
    /// start and stop its measurement: `performAndWait`'s block is `@Sendable` (as Core Data's),
    /// and a `Benchmark` is not, so the queue is entered with `DispatchQueue.sync`.
    func measuringOnQueue<T>(_ body: () throws -> T) rethrows -> T {
        try queue.sync(execute: body)
    }

    /// Inserts an `Item` for each of `rows` and saves them once, on the context's queue: the
    /// import the import and history benchmarks time, and the seed of the batch and fetch ones.
    func importItems(_ rows: [ItemRow]) throws {
        try performAndWait {
            for row in rows { insert(Item(row)) }
            try save()
        }
    }
}
