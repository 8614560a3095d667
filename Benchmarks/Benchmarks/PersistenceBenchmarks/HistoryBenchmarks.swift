import Benchmark
import BenchmarkSupport
import Foundation
import GRDBSQLite
import Observation
import PersistenceCore
import SampleModels
import Lessons

/// Target P11 and the cost of persistent history.
///
/// - Recording: the same 100k import into a file store (one save), with history recorded and not
///   (`ModelConfiguration.recordsHistory`), apart and in alternating rounds. Goal: at most 1.15x,
///   on the median round.
/// - Reading: `fetchHistory` of 10k one-insert transactions after a token, against a raw SQL read
///   of the same rows (the transactions with their authors, and their changes). Goal: at most 3x.
/// - Another process (this executable started again as the lesson's widget, ``WriterMode``) adds
///   an item, 100 times: from the start of its save to `ModelContainer.remoteChange` here (goal p99
///   at most 50 ms), and to the end of a merge of its history into a context, driven by a `HistoryObserver` (goal p99 at most
///   100 ms). The child prints when each save began; both clocks are the system's wall clock.
enum HistoryBenchmarks: BenchmarkGroup {
    static let transactions = 10_000
    static let remoteCommits = 100

    static func register() {
        for recorded in [true, false] {
            // 15 iterations: a file import's time varies with the disk by a fifth from one run to the next.
            Benchmark("History: import 100k into a file, \(recorded ? "recorded" : "not recorded")", configuration: .init(
                metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 15)) { benchmark in
                let importer = try FileImport(recordingHistory: recorded)
                benchmark.startMeasurement()
                try importer.run()
                benchmark.stopMeasurement()
            }
        }

        // The recording goal's measure: both imports in alternating rounds (AlternatingRounds.swift),
        // each into a new file, made before the round.
        Benchmark("History: import 100k into a file, alternating rounds", configuration: .init(
            metrics: [.historyRecordedPerNot], warmupIterations: 1, maxDuration: .seconds(40), maxIterations: 15)) { benchmark in
            let recorded = try FileImport(recordingHistory: true), notRecorded = try FileImport(recordingHistory: false)
            let times = try AlternatingRounds.timed([{ try recorded.run() }, { try notRecorded.run() }])
            benchmark.measurement(.historyRecordedPerNot, AlternatingRounds.thousandths(times[0], over: times[1]))
        }

        Benchmark("History: fetchHistory of 10k transactions after a token", configuration: .init(
            metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)) { benchmark in
            let (folder, token) = try storeWithTransactions()
            let context = try ModelContainer(for: Item.self, configuration: .file(folder.url.appendingPathComponent("store.sqlite"))).newBackgroundContext()
            benchmark.startMeasurement()
            let history = try context.performAndWait {
                try context.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.token > token }))
            }
            benchmark.stopMeasurement()
            precondition(history.count == transactions)
            blackHole(history)
        }

        Benchmark("History: raw SQL read of the same 10k transactions", configuration: .init(
            metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)) { benchmark in
            let (folder, _) = try storeWithTransactions()
            var handle: OpaquePointer?
            precondition(sqlite3_open_v2(folder.url.appendingPathComponent("store.sqlite").path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
            defer { sqlite3_close_v2(handle) }
            benchmark.startMeasurement()
            let rows = RawHistory.read(handle!, after: 1)  // the seeded transaction is the store's first: Z_PK 1
            benchmark.stopMeasurement()
            precondition(rows.transactions.count == transactions && rows.changes.count == transactions)
            blackHole(rows)
        }

        Benchmark("History: another process's commit to remoteChange", configuration: .init(
            metrics: [.remoteChangeP50, .remoteChangeP99, .mergedP50, .mergedP99], warmupIterations: 0,
            maxDuration: .seconds(60), maxIterations: 1)) { benchmark in
            let latencies = try await measureRemoteCommits()
            benchmark.measurement(.remoteChangeP50, percentile(latencies.notified, 0.50))
            benchmark.measurement(.remoteChangeP99, percentile(latencies.notified, 0.99))
            benchmark.measurement(.mergedP50, percentile(latencies.merged, 0.50))
            benchmark.measurement(.mergedP99, percentile(latencies.merged, 0.99))
        }
    }

    /// An import of the 100k items into a new file store, with history recorded or not, in one
    /// save on a background context; the folder goes when the import does.
    struct FileImport {
        let folder: TemporaryFolder
        let context: ModelContext

        init(recordingHistory: Bool) throws {
            folder = try TemporaryFolder()
            var configuration = ModelConfiguration.file(folder.url.appendingPathComponent("store.sqlite"))
            configuration.recordsHistory = recordingHistory
            context = try ModelContainer(for: Item.self, configuration: configuration).newBackgroundContext()
        }

        func run() throws {
            try context.importItems(ItemRow.hundredThousand)
        }
    }

    /// A store holding one seeded transaction and then 10k transactions of one insert each; the
    /// token of the seeded one.
    static func storeWithTransactions() throws -> (TemporaryFolder, DefaultHistoryToken) {
        let folder = try TemporaryFolder()
        let container = try ModelContainer(for: Item.self, configuration: .file(folder.url.appendingPathComponent("store.sqlite")))
        let context = container.newBackgroundContext()
        context.author = "seed"
        let rows = ItemRow.hundredThousand
        let token = try context.performAndWait { () throws -> DefaultHistoryToken in
            context.insert(Item(rows[0]))
            try context.save()
            guard let token = try context.fetchHistory(HistoryDescriptor()).last?.token else { fatalError("no history") }
            context.author = "app"
            for row in rows[1...transactions] {
                context.insert(Item(row))
                try context.save()
            }
            return token
        }
        return (folder, token)
    }

    /// Nanoseconds from each of the child's saves to the notification here, and to the merge.
    static func measureRemoteCommits() async throws -> (notified: [Int], merged: [Int]) {
        let folder = try TemporaryFolder()
        let store = folder.url.appendingPathComponent("store.sqlite")
        let container = try ModelContainer(for: Item.self, configuration: .file(store))
        guard container.postsRemoteChanges else { throw NoRemoteChanges() }
        let arrivals = RemoteArrivals(container: container)
        let follower = try HistoryMerger(container: container)
        var notifications = arrivals.times.makeAsyncIterator()
        var merges = follower.times.makeAsyncIterator()
        let writer = try await WidgetProcess(WriterMode.executable, [], environment: [WriterMode.variable: store.path])
        var notified: [Int] = [], merged: [Int] = []
        for number in 0..<remoteCommits {
            let (token, began) = try await writer.run("add remote \(number)")
            let arrived = await first(atOrAfter: token, in: &notifications)
            let mergedAt = await first(atOrAfter: token, in: &merges)
            notified.append(Int(arrived.timeIntervalSince(began) * 1e9))
            merged.append(Int(mergedAt.timeIntervalSince(began) * 1e9))
        }
        try await writer.finish()
        return (notified.sorted(), merged.sorted())
    }

    /// When the first event carrying `token` or a later one happened: the stream's events come
    /// in the order they happened, so the earlier ones are left behind.
    static func first(atOrAfter token: DefaultHistoryToken,
                      in events: inout AsyncStream<(DefaultHistoryToken, Date)>.Iterator) async -> Date {
        while let (eventToken, time) = await events.next() {
            if eventToken >= token { return time }
        }
        fatalError("the stream ended before token \(token)")
    }

    struct NoRemoteChanges: Error, CustomStringConvertible {
        var description: String { "this system posts no ModelContainer.remoteChange (it needs inotify on Linux, notify(3) on Apple platforms)" }
    }

    static func percentile(_ sorted: [Int], _ share: Double) -> Int {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * share).rounded(.up)) - 1)]
    }
}

extension BenchmarkMetric {
    static let remoteChangeP50 = BenchmarkMetric.custom("Commit to remoteChange p50 (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    static let remoteChangeP99 = BenchmarkMetric.custom("Commit to remoteChange p99 (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    static let mergedP50 = BenchmarkMetric.custom("Commit to merged p50 (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    static let mergedP99 = BenchmarkMetric.custom("Commit to merged p99 (ns)", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The raw peer of `fetchHistory`: the same two queries, read into plain rows.
enum RawHistory {
    struct Transaction { let token: Int64; let author: String?; let timestamp: Double }
    struct Change { let change: Int64; let type: Int64; let entity: Int64; let primaryKey: Int64; let transaction: Int64; let columns: String? }

    static func read(_ handle: OpaquePointer, after token: Int64) -> (transactions: [Transaction], changes: [Change]) {
        var statement: OpaquePointer?
        sqlite3_exec(handle, "BEGIN", nil, nil, nil)
        defer { sqlite3_exec(handle, "COMMIT", nil, nil, nil) }
        sqlite3_prepare_v2(handle, """
            SELECT Z_PK, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS FROM ACHANGE
            WHERE ZTRANSACTIONID > ?1 ORDER BY ZTRANSACTIONID, Z_PK
            """, -1, &statement, nil)
        sqlite3_bind_int64(statement, 1, token)
        var changes: [Change] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            changes.append(Change(change: sqlite3_column_int64(statement, 0), type: sqlite3_column_int64(statement, 1),
                                  entity: sqlite3_column_int64(statement, 2), primaryKey: sqlite3_column_int64(statement, 3),
                                  transaction: sqlite3_column_int64(statement, 4),
                                  columns: sqlite3_column_text(statement, 5).map { String(cString: $0) }))
        }
        sqlite3_finalize(statement)
        sqlite3_prepare_v2(handle, """
            SELECT t.Z_PK, s.ZNAME, t.ZTIMESTAMP FROM ATRANSACTION t
            LEFT JOIN ATRANSACTIONSTRING s ON s.Z_PK = t.ZAUTHORTS WHERE t.Z_PK > ?1 ORDER BY t.Z_PK
            """, -1, &statement, nil)
        sqlite3_bind_int64(statement, 1, token)
        var transactions: [Transaction] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            transactions.append(Transaction(token: sqlite3_column_int64(statement, 0),
                                            author: sqlite3_column_text(statement, 1).map { String(cString: $0) },
                                            timestamp: sqlite3_column_double(statement, 2)))
        }
        sqlite3_finalize(statement)
        return (transactions, changes)
    }
}

/// When each `remoteChange` for the container arrived, with the token it carried, in order.
final class RemoteArrivals {
    let times: AsyncStream<(DefaultHistoryToken, Date)>
    private var registration: (any NSObjectProtocol)?

    init(container: ModelContainer) {
        let (times, continuation) = AsyncStream.makeStream(of: (DefaultHistoryToken, Date).self)
        self.times = times
        registration = NotificationCenter.default.addObserver(forName: ModelContainer.remoteChange, object: container, queue: nil) { notification in
            let now = Date()
            guard let change = ModelContainer.RemoteChange(notification: notification) else { return }
            continuation.yield((change.historyToken, now))
        }
    }

    deinit { registration.map(NotificationCenter.default.removeObserver) }
}

/// A HistoryObserver that, on each event, fetches the history after its token on a background
/// context and merges it there; tells when each merge ended, with the newest token it took in.
// @unchecked: `lastToken` is only touched in merge(), on `context`'s queue.
final class HistoryMerger: @unchecked Sendable {
    let times: AsyncStream<(DefaultHistoryToken, Date)>
    private let merged: AsyncStream<(DefaultHistoryToken, Date)>.Continuation
    private var lastToken: DefaultHistoryToken?
    private let observer: HistoryObserver
    private let context: ModelContext

    init(container: ModelContainer) throws {
        (times, merged) = AsyncStream.makeStream(of: (DefaultHistoryToken, Date).self)
        observer = try HistoryObserver(observedModels: [Item.self], modelContainer: container, isolation: nil)
        context = container.newBackgroundContext()
        follow()
    }

    private func follow() {
        withObservationTracking { _ = observer.eventCounter } onChange: { [self] in
            context.perform { self.merge() }
            follow()
        }
    }

    private func merge() {
        let descriptor = lastToken.map { token in HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > token }) }
            ?? HistoryDescriptor()
        guard let transactions = try? context.fetchHistory(descriptor), let newest = transactions.last?.token else { return }
        var changes = ModelContext.Changes()
        for change in transactions.flatMap(\.changes) {
            if case .insert(let insert) = change { changes.inserted.insert(insert.changedPersistentIdentifier) }
        }
        context.mergeChanges(fromContextDidSave: changes)
        lastToken = newest
        merged.yield((newest, Date()))
    }
}
