import Benchmark
import BenchmarkSupport
import Foundation
import GRDB
import GRDBSQLite
import PersistenceCore
import SampleModels

/// Target 6: fetching 100k objects with a `#Predicate` that SQL answers, with one SQL cannot
/// answer (so every row is materialized and the predicate evaluated in memory), with a raw step
/// loop over the same rows, and with GRDB's records (what a Swift developer would otherwise pick).
///
/// Each fetch uses a new context, so every object is made from its row, as in a first fetch.
enum FetchBenchmarks: BenchmarkGroup {
    static var configuration: Benchmark.Configuration { .init(
        metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 10) }

    static func register() {
        Benchmark("Fetch 100k: #Predicate in SQL", configuration: configuration) { benchmark in
            try fetchInSQL(benchmark)
        }

        // The allocations apart, in a run that counts them (BENCHMARK_COUNT_ALLOCATIONS, see Package.swift).
        if !BenchmarkMetric.allocations.isEmpty {
            Benchmark("Fetch 100k: #Predicate in SQL (allocations)", configuration: .init(
                metrics: BenchmarkMetric.allocations, warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 3)) { benchmark in
                try fetchInSQL(benchmark)
            }
        }

        Benchmark("Fetch 100k: #Predicate in memory", configuration: configuration) { benchmark in
            let context = LargeStore.shared.container.newBackgroundContext()
            let minimum = 0
            // Division is left to memory (SQLite answers NULL to a division by zero): no SQL filter.
            let descriptor = FetchDescriptor<Item>(predicate: #Predicate { $0.count / 1 >= minimum })
            benchmark.startMeasurement()
            let items = try context.performAndWait { try context.fetch(descriptor) }
            benchmark.stopMeasurement()
            precondition(items.count == 100_000)
        }

        // The same filter and order as the raw loop, read as `Codable` records.
        Benchmark("Fetch 100k: GRDB records", configuration: configuration) { benchmark in
            let database = LargeStore.shared.grdb
            benchmark.startMeasurement()
            let records = try database.read { db in
                try ItemRecord.filter(Column("count") >= 0).order(Column.rowID).fetchAll(db)
            }
            benchmark.stopMeasurement()
            precondition(records.count == 100_000)
        }

        // Goal 6's measure: the fetch and the raw step loop in alternating rounds (AlternatingRounds.swift).
        Benchmark("Fetch 100k: alternating rounds", configuration: .init(
            metrics: [.fetchPerRaw], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
            let context = LargeStore.shared.container.newBackgroundContext()
            let minimum = 0
            let descriptor = FetchDescriptor<Item>(predicate: #Predicate { $0.count >= minimum })
            let statement = LargeStore.shared.raw.prepare(RawSQLite.selectColumns + " WHERE ZCOUNT >= ?1 ORDER BY Z_PK")
            defer { sqlite3_finalize(statement) }
            let times = try AlternatingRounds.timed([
                {
                    let items = try context.performAndWait { try context.fetch(descriptor) }
                    precondition(items.count == 100_000)
                    return items
                },
                {
                    let rows = rawRows(statement)
                    precondition(rows.count == 100_000)
                    return rows
                },
            ])
            benchmark.measurement(.fetchPerRaw, AlternatingRounds.thousandths(times[0], over: times[1]))
        }

        Benchmark("Fetch 100k: raw SQLite step loop", configuration: configuration) { benchmark in
            let database = LargeStore.shared.raw
            let statement = database.prepare(RawSQLite.selectColumns + " WHERE ZCOUNT >= ?1 ORDER BY Z_PK")
            defer { sqlite3_finalize(statement) }
            benchmark.startMeasurement()
            let rows = rawRows(statement)
            benchmark.stopMeasurement()
            precondition(rows.count == 100_000)
        }
    }

    /// The raw peer: the rows `statement` (the select, `ZCOUNT >= ?1`) returns for 0, read into Swift values.
    private static func rawRows(_ statement: OpaquePointer) -> [ItemRow] {
        sqlite3_reset(statement)
        sqlite3_bind_int64(statement, 1, 0)
        var rows: [ItemRow] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(RawSQLite.row(of: statement))
        }
        return rows
    }

    /// Fetches the 100k items into a new context with a predicate SQL answers, measuring the fetch.
    private static func fetchInSQL(_ benchmark: Benchmark) throws {
        let context = LargeStore.shared.container.newBackgroundContext()
        let minimum = 0
        let descriptor = FetchDescriptor<Item>(predicate: #Predicate { $0.count >= minimum })
        benchmark.startMeasurement()
        let items = try context.performAndWait { try context.fetch(descriptor) }
        benchmark.stopMeasurement()
        precondition(items.count == 100_000)
    }
}
