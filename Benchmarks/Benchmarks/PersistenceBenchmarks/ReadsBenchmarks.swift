import Benchmark
import BenchmarkSupport
import Dispatch
import Foundation
import PersistenceCore
import SampleModels

/// Target 7: the main context fetches one row every 8 ms while a background context imports
/// 100k items into a file store and saves them in one transaction, with readers beside the
/// writer and with one shared connection (`readers: 0`); and the same import into a raw SQLite
/// file, for the import's own cost.
///
/// A fetch's *wait* runs from the moment the timer asks the main queue for it to the moment the
/// fetch returns: what a frame would wait for its data. The goal: p99 at most 8.3 ms (one frame
/// at 120 Hz) with readers.
enum ReadsBenchmarks: BenchmarkGroup {
    static func register() {
        for readers in [ModelConfiguration.defaultReaders, 0] {
            Benchmark("Reads during a 100k save: readers \(readers)", configuration: .init(
                metrics: [.wallClock] + BenchmarkMetric.mainFetch, warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 5)) { benchmark in
                try importWhileFetching(ItemRow.hundredThousand, readers: readers, benchmark: benchmark)
            }
        }

        // The independent check: with readers, the longest main-queue fetch during a 300k save in
        // one transaction stays under 20% of the save.
        Benchmark("Reads during a 300k save: readers \(ModelConfiguration.defaultReaders)", configuration: .init(
            metrics: [.wallClock] + BenchmarkMetric.mainFetch, warmupIterations: 0, maxDuration: .seconds(30), maxIterations: 1)) { benchmark in
            let rows = (0..<3).flatMap { round in
                ItemRow.hundredThousand.map { ItemRow(id: UUID(), timestamp: $0.timestamp, title: $0.title, count: $0.count + round) }
            }
            try importWhileFetching(rows, readers: ModelConfiguration.defaultReaders, benchmark: benchmark)
        }

        Benchmark("Import 100k into a file: raw SQLite", configuration: .init(
            metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 5)) { benchmark in
            let folder = try TemporaryFolder()
            let database = RawSQLite(path: folder.url.appendingPathComponent("raw.sqlite").path)
            let rows = ItemRow.hundredThousand
            benchmark.startMeasurement()
            database.insert(rows)
            benchmark.stopMeasurement()
        }
    }

    /// Imports `rows` on a background context of a new file store (insert, then one save) while
    /// the main context fetches one row every 8 ms; records the save and the fetches' waits.
    private static func importWhileFetching(_ rows: [ItemRow], readers: Int, benchmark: Benchmark) throws {
        let folder = try TemporaryFolder()
        let container = try ModelContainer(for: Item.self, configuration: .file(folder.url.appendingPathComponent("store.sqlite"), readers: readers))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(Item(rows[0]))
            try context.save()
        }
        let fetcher = MainContextFetcher(container.viewContext)
        benchmark.startMeasurement()
        let save = try context.performAndWait { () throws -> UInt64 in
            for row in rows.dropFirst() { context.insert(Item(row)) }
            let start = DispatchTime.now().uptimeNanoseconds
            try context.save()
            return DispatchTime.now().uptimeNanoseconds - start
        }
        benchmark.stopMeasurement()
        benchmark.record(fetcher.stop(), save: save)
    }
}

/// Asks the main queue every 8 ms to fetch one row on the main context, and notes how long each
/// fetch took from the ask to its result.
// @unchecked: `timer` is set up in init and only cancelled in stop; `waits` is only touched on
// the main queue (each fetch appends there, and `stop` reads it there).
final class MainContextFetcher: @unchecked Sendable {
    static let period: UInt64 = 8_000_000

    private let timerQueue = DispatchQueue(label: "MainContextFetcher", qos: .userInteractive)
    private let timer: any DispatchSourceTimer
    private var waits: [UInt64] = []

    /// Starts fetching at once.
    init(_ mainContext: ModelContext) {
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: timerQueue)
        timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(Self.period)), leeway: .nanoseconds(0))
        timer.setEventHandler { [self] in
            let asked = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.main.async {
                var oneRow = FetchDescriptor<Item>()
                oneRow.fetchLimit = 1
                precondition((try? mainContext.fetch(oneRow).count) == 1)
                let done = DispatchTime.now().uptimeNanoseconds
                self.waits.append(done - asked)
            }
        }
        timer.resume()
    }

    /// Stops, waits for the fetches still queued, and returns every wait, sorted.
    func stop() -> [UInt64] {
        timer.cancel()
        timerQueue.sync {}
        return DispatchQueue.main.sync { waits }.sorted()  // after every fetch still queued
    }
}

/// A folder in the temporary directory, removed with everything in it when released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lab-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
