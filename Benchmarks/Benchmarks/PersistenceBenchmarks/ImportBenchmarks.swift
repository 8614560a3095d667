import Benchmark
import BenchmarkSupport
import Dispatch
import Foundation
import GRDB
import PersistenceCore
import SampleModels
import Lessons

/// Target 1 and 2: importing 100k items (insert, then save) from the background, from the main
/// queue, and through a model actor, beside the raw C API and GRDB; and how the main queue fares
/// meanwhile.
///
/// Every iteration starts from a new, empty in-memory database, and the rows to write are made
/// before the measurement starts.
enum ImportBenchmarks: BenchmarkGroup {
    static var configuration: Benchmark.Configuration { .init(
        metrics: [.wallClock] + BenchmarkMetric.allocations, warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 10) }
    static var watched: Benchmark.Configuration { .init(
        metrics: [.wallClock] + BenchmarkMetric.allocations + BenchmarkMetric.heartbeat, warmupIterations: 1,
        maxDuration: .seconds(3), maxIterations: 10) }

    /// Imports 100k items on a background context of `container`, one save, with the main queue's
    /// heartbeat watching; the measurement also waits for `afterwards` (a merge to run).
    static func watchedBackgroundImport(into container: ModelContainer, _ benchmark: Benchmark,
                                        afterwards: () async -> Void = {}) async throws {
        let rows = ItemRow.hundredThousand
        let context = container.newBackgroundContext()
        let heartbeat = MainQueueHeartbeat()
        heartbeat.start()
        benchmark.startMeasurement()
        try context.importItems(rows)
        await afterwards()
        benchmark.stopMeasurement()
        benchmark.record(await heartbeat.stop())
    }

    static func register() {
        Benchmark("Import 100k: background context", configuration: watched) { benchmark in
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            try await watchedBackgroundImport(into: container, benchmark)
        }

        // Target 2 with a main-queue context that merges the import, as each framework merges:
        // SwiftData's main context merges every save by itself; Core Data's view context merges
        // once told to (automaticallyMergesChangesFromParent). The merge runs on the main queue,
        // so the measurement ends when the main queue has run it.
        for framework in ["SwiftData's main context merging", "Core Data's view context merging"] {
            Benchmark("Import 100k: background context, \(framework)", configuration: watched) { benchmark in
                let container = try ModelContainer(for: Item.self, configuration: .inMemory)
                let main = await MainActor.run {
                    if framework.hasPrefix("SwiftData") { return container.mainContext }
                    container.viewContext.automaticallyMergesChangesFromParent = true
                    return container.viewContext
                }
                try await watchedBackgroundImport(into: container, benchmark) {
                    await main.perform(schedule: .enqueued) {}  // behind the merge the save enqueued
                }
            }
        }

        // The same, with a list on screen: a results observer (the role of `@Query`) on SwiftData's
        // main context, which merges the save by itself, so the list takes in the merge on the
        // main queue too. A list of every item, or of the first 100 (a screenful, `fetchLimit`).
        for (list, limit) in [("a list of every item", nil), ("a list of the first 100", 100)] as [(String, Int?)] {
            Benchmark("Import 100k: background context, SwiftData's main context merging into \(list)",
                      configuration: watched) { benchmark in
                let container = try ModelContainer(for: Item.self, configuration: .inMemory)
                let shownList = try await MainActor.run { try ItemListOnScreen(on: container, limit: limit) }
                try await watchedBackgroundImport(into: container, benchmark) {
                    let shown = await shownList.count  // behind the merge and the list's update
                    precondition(shown == min(100_000, limit ?? .max), "the list shows \(shown) items")
                }
            }
        }

        // The same import while the trace recorder records (its cost when on; every other
        // benchmark runs with it compiled in and off).
        Benchmark("Import 100k: background context, traced", configuration: watched) { benchmark in
            let rows = ItemRow.hundredThousand
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            benchmark.startMeasurement()
            let (_, trace) = try await TraceRecorder.record {
                try context.importItems(rows)
            }
            benchmark.stopMeasurement()
            precondition(trace.events.contains { if case .commit(let inserted, _, _) = $0.kind { inserted.count == 100_000 } else { false } })
        }

        Benchmark("Import 100k: main context", configuration: watched) { benchmark in
            let rows = ItemRow.hundredThousand
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = container.viewContext
            let heartbeat = MainQueueHeartbeat()
            heartbeat.start()
            benchmark.startMeasurement()
            // The main context's queue is the main queue: the import runs there, as a view model's would.
            try DispatchQueue.main.sync {
                try context.importItems(rows)
            }
            benchmark.stopMeasurement()
            benchmark.record(await heartbeat.stop())
        }

        Benchmark("Import 100k: @BackgroundModelActor, batches of 1k", configuration: watched) { benchmark in
            let rows = ItemRow.hundredThousand
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let importer = ItemImporter(modelContainer: container)
            let heartbeat = MainQueueHeartbeat()
            heartbeat.start()
            benchmark.startMeasurement()
            for batch in stride(from: 0, to: rows.count, by: 1_000) {
                try await importer.importBatch(rows[batch..<min(batch + 1_000, rows.count)])
            }
            benchmark.stopMeasurement()
            benchmark.record(await heartbeat.stop())
        }

        // The classic Core Data import: batches of 1k, each saved, then reset() so the context lets
        // go of what it saved. Memory should stay flat however many items go through: the goal is
        // a peak resident size at most 64 MB above the benchmark's baseline. A file store, so the
        // database lives on disk and only the import's working set is resident.
        Benchmark("Import 1M: batches of 1k, reset after each save (memory)", configuration: .init(
            metrics: [.wallClock, .peakMemoryResidentDelta], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 1)) { benchmark in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-memory-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let container = try ModelContainer(for: Item.self, configuration: .file(folder.appendingPathComponent("import.sqlite")))
            let context = container.newBackgroundContext()
            benchmark.startMeasurement()
            try context.performAndWait {
                for batch in 0..<1_000 {
                    for index in batch * 1_000..<(batch + 1) * 1_000 {
                        context.insert(Item(ItemRow.numbered(index)))
                    }
                    try context.save()
                    context.reset()
                }
            }
            benchmark.stopMeasurement()
        }

        // Goal 1's measure: the background import and raw SQLite's in alternating rounds
        // (AlternatingRounds.swift), each into a new in-memory database made before the round.
        Benchmark("Import 100k: alternating rounds", configuration: .init(
            metrics: [.importPerRaw], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)) { benchmark in
            let rows = ItemRow.hundredThousand
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            let database = RawSQLite()
            let times = try AlternatingRounds.timed([
                { try context.importItems(rows) },
                { database.insert(rows) },
            ])
            benchmark.measurement(.importPerRaw, AlternatingRounds.thousandths(times[0], over: times[1]))
        }

        Benchmark("Import 100k: raw SQLite", configuration: configuration) { benchmark in
            let rows = ItemRow.hundredThousand
            let database = RawSQLite()
            benchmark.startMeasurement()
            database.insert(rows)
            benchmark.stopMeasurement()
        }

        Benchmark("Import 100k: GRDB records", configuration: configuration) { benchmark in
            let rows = ItemRow.hundredThousand
            let database = try ItemRecord.makeDatabase()
            benchmark.startMeasurement()
            try database.write { db in
                for row in rows { try ItemRecord(row).insert(db) }
            }
            benchmark.stopMeasurement()
        }
    }
}

/// The model actor of the import benchmark: always a private queue, as an importer should be.
@BackgroundModelActor actor ItemImporter {
    /// Inserts one batch and saves it, so memory stays bounded however large the import.
    func importBatch(_ rows: ArraySlice<ItemRow>) throws {
        for row in rows { modelContext.insert(Item(row)) }
        try modelContext.save()
    }
}
