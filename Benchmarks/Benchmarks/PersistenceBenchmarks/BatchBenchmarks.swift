import Benchmark
import BenchmarkSupport
import GRDBSQLite
import PersistenceCore
import SampleModels

/// Target 5: changing one attribute of 100k rows with a batch update (one SQL statement, no
/// objects), with Core Data's classic fetch, modify, save, and with the raw SQL `UPDATE`.
///
/// Each iteration writes a new value, so every row really changes; every way bumps each row's
/// version (`Z_OPT`) as the store requires.
enum BatchBenchmarks: BenchmarkGroup {
    static var configuration: Benchmark.Configuration { .init(
        metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 10) }

    static func register() {
        Benchmark("Update 100k: BatchUpdateRequest", configuration: configuration) { benchmark in
            let store = LargeStore.shared
            let request = BatchUpdateRequest<Item>(propertiesToUpdate: ["count": benchmark.currentIteration])
            benchmark.startMeasurement()
            Benchmark.blackHole(try store.container.execute(request))
            benchmark.stopMeasurement()
        }

        Benchmark("Update 100k: fetch, modify, save", configuration: configuration) { benchmark in
            let store = LargeStore.shared
            let context = store.container.newBackgroundContext()
            let value = benchmark.currentIteration
            benchmark.startMeasurement()
            try context.performAndWait {
                for item in try context.fetch(FetchDescriptor<Item>()) {
                    item.count = value
                }
                try context.save()
            }
            benchmark.stopMeasurement()
        }

        Benchmark("Update 100k: raw SQL UPDATE", configuration: configuration) { benchmark in
            let database = LargeStore.shared.raw
            let statement = database.prepare("UPDATE ZITEM SET Z_OPT = Z_OPT + 1, ZCOUNT = ?1")
            defer { sqlite3_finalize(statement) }
            benchmark.startMeasurement()
            database.execute("BEGIN IMMEDIATE")
            sqlite3_bind_int64(statement, 1, Int64(benchmark.currentIteration))
            precondition(sqlite3_step(statement) == SQLITE_DONE)
            database.execute("COMMIT")
            benchmark.stopMeasurement()
        }
    }
}
