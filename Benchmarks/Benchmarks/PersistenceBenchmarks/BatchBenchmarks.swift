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
            let context = LargeStore.shared.container.newBackgroundContext()
            let value = benchmark.currentIteration
            benchmark.startMeasurement()
            try fetchModifySave(context, to: value)
            benchmark.stopMeasurement()
        }

        // Goal 5's other measure: fetch-modify-save and the batch update in alternating rounds.
        Benchmark("Update 100k: fetch-modify-save and batch, alternating rounds", configuration: .init(
            metrics: [.fetchModifySavePerBatch], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 10)) { benchmark in
            let store = LargeStore.shared
            let context = store.container.newBackgroundContext()
            let value = 2_000_000 + 2 * benchmark.currentIteration
            let request = BatchUpdateRequest<Item>(propertiesToUpdate: ["count": value])
            let times = try AlternatingRounds.timed([
                { try fetchModifySave(context, to: value + 1) },
                { try store.container.execute(request) },
            ])
            benchmark.measurement(.fetchModifySavePerBatch, AlternatingRounds.thousandths(times[0], over: times[1]))
        }

        Benchmark("Update 100k: raw SQL UPDATE", configuration: configuration) { benchmark in
            let database = LargeStore.shared.raw
            let statement = database.prepare(rawUpdate)
            defer { sqlite3_finalize(statement) }
            benchmark.startMeasurement()
            update(database, statement, to: benchmark.currentIteration)
            benchmark.stopMeasurement()
        }

        // Goal 5's measure against raw SQL: the batch update and the raw UPDATE in alternating
        // rounds (AlternatingRounds.swift). Each side writes a value of its own, new in every
        // round, so that every row really changes each time.
        Benchmark("Update 100k: alternating rounds", configuration: .init(
            metrics: [.batchUpdatePerRaw], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
            let store = LargeStore.shared
            let statement = store.raw.prepare(rawUpdate)
            defer { sqlite3_finalize(statement) }
            let value = 1_000_000 + 2 * benchmark.currentIteration
            let request = BatchUpdateRequest<Item>(propertiesToUpdate: ["count": value])
            let times = try AlternatingRounds.timed([
                { try store.container.execute(request) },
                { update(store.raw, statement, to: value + 1) },
            ])
            benchmark.measurement(.batchUpdatePerRaw, AlternatingRounds.thousandths(times[0], over: times[1]))
        }
    }

    /// Core Data's classic way: every item fetched into `context`, its count set to `value`, and one save.
    private static func fetchModifySave(_ context: ModelContext, to value: Int) throws {
        try context.performAndWait {
            for item in try context.fetch(FetchDescriptor<Item>()) {
                item.count = value
            }
            try context.save()
        }
    }

    /// The raw peer's statement: every row's count set, its version bumped.
    private static let rawUpdate = "UPDATE ZITEM SET Z_OPT = Z_OPT + 1, ZCOUNT = ?1"

    /// Runs `statement` (``rawUpdate``) for `value` in a write transaction of its own.
    private static func update(_ database: RawSQLite, _ statement: OpaquePointer, to value: Int) {
        database.execute("BEGIN IMMEDIATE")
        sqlite3_bind_int64(statement, 1, Int64(value))
        precondition(sqlite3_step(statement) == SQLITE_DONE)
        sqlite3_reset(statement)
        database.execute("COMMIT")
    }
}
