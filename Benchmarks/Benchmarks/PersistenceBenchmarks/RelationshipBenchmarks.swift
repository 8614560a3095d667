import Benchmark
import Foundation
import BenchmarkSupport
import GRDBSQLite
import PersistenceCore
import SampleModels

/// Target 10 (P10 in the relationships issue): 1,000 trips, each with 20 stops; fetch the trips
/// and read every stop's title.
///
/// - Faulting: each trip's `stops` is a relationship fault that reads its stops' keys when first
///   touched, and each stop a fault that reads its row: the N+1 pattern, twice over.
/// - Prefetching: `relationshipKeyPathsForPrefetching = [\Trip.stops]` reads every trip's stops,
///   rows included, with the fetch.
/// - The peer: one SQL join over the same tables, read into Swift values.
/// - Faulting's and prefetching's own queries with nothing but SQLite (`RawTripReads`): how much
///   of the gap between the two is SQLite's, and how much the object layer's.
///
/// Each iteration uses a new context, so every object is made from its row. The store is a file,
/// as an app's is: each fault is a read through one of the store's reader connections.
enum RelationshipBenchmarks: BenchmarkGroup {
    static var configuration: Benchmark.Configuration { .init(
        metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20) }

    static let trips = 1_000, stopsPerTrip = 20

    /// The trips in a PersistenceCore file store (a relationship fault is a read of the file, as
    /// in an app), and a raw SQLite connection to the same file.
    // @unchecked: the raw connection and its statements are used by one benchmark at a time, and benchmarks run one after another.
    final class Store: @unchecked Sendable {
        let container: ModelContainer
        let raw: OpaquePointer
        let rawReads: RawTripReads

        /// Where the store lives: removed with everything in it when the benchmark process exits.
        static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relationship-benchmarks-\(getpid())")

        init() throws {
            let folder = Self.folder
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: Store.folder) }
            let url = folder.appendingPathComponent("trips.sqlite")
            container = try ModelContainer(for: Trip.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            try context.performAndWait {
                for number in 0..<trips {
                    let trip = Trip(name: "trip \(number)")
                    context.insert(trip)
                    trip.stops = (0..<stopsPerTrip).map { Stop(title: "stop \(number).\($0)", position: $0) }
                }
                try context.save()
                // Each trip holds its stops and each stop its trip, so the seeding's 21k models keep
                // one another alive after the context goes, as Core Data's do ("Breaking
                // Relationship Strong Reference Cycles"), with the heap's free blocks scattered
                // between them under every timed round. Forgetting them breaks the cycles.
                context.reset()
            }
            var handle: OpaquePointer?
            precondition(sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK)
            raw = handle!
            rawReads = RawTripReads(connection: raw)
        }

        static let shared = try! Store()
    }

    static func register() {
        Benchmark("Trips 1k × 20 stops: faulting each trip's stops", configuration: configuration) { benchmark in
            try readTrips(benchmark, prefetching: false)
        }

        Benchmark("Trips 1k × 20 stops: relationshipKeyPathsForPrefetching", configuration: configuration) { benchmark in
            try readTrips(benchmark, prefetching: true)
        }

        Benchmark("Trips 1k × 20 stops: raw SQLite join", configuration: configuration) { benchmark in
            let raw = Store.shared.raw
            var statement: OpaquePointer?
            precondition(sqlite3_prepare_v2(raw, RawTripJoin.sql, -1, &statement, nil) == SQLITE_OK)
            defer { sqlite3_finalize(statement) }
            benchmark.startMeasurement()
            let trips = RawTripJoin.read(statement!)
            benchmark.stopMeasurement()
            precondition(trips.count == Self.trips && trips.allSatisfy { $0.stops.count == stopsPerTrip })
        }

        // Target 10's measures: prefetching, the raw join and prefetching's own raw queries in
        // alternating rounds (AlternatingRounds.swift).
        Benchmark("Trips 1k × 20 stops: alternating rounds", configuration: .init(
            metrics: [.prefetchingPerJoin, .prefetchingPerQueries], warmupIterations: 3, maxDuration: .seconds(10), maxIterations: 30)) { benchmark in
            let context = Store.shared.container.newBackgroundContext()
            var descriptor = FetchDescriptor<Trip>()
            descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops]
            var statement: OpaquePointer?
            precondition(sqlite3_prepare_v2(Store.shared.raw, RawTripJoin.sql, -1, &statement, nil) == SQLITE_OK)
            defer { sqlite3_finalize(statement) }
            let reads = Store.shared.rawReads
            let times = try AlternatingRounds.timed([
                {
                    let titles = try context.measuringOnQueue { try stopTitles(context, descriptor) }
                    precondition(titles == Self.trips * stopsPerTrip)
                    return titles
                },
                { RawTripJoin.read(statement!) },
                { reads.prefetching() },
            ])
            benchmark.measurement(.prefetchingPerJoin, AlternatingRounds.thousandths(times[0], over: times[1]))
            benchmark.measurement(.prefetchingPerQueries, AlternatingRounds.thousandths(times[0], over: times[2]))
        }

        for prefetching in [false, true] {
            Benchmark("Trips 1k × 20 stops: raw SQLite, \(prefetching ? "prefetching" : "faulting")'s queries",
                      configuration: configuration) { benchmark in
                let reads = Store.shared.rawReads
                benchmark.startMeasurement()
                let trips = prefetching ? reads.prefetching() : reads.faulting()
                benchmark.stopMeasurement()
                precondition(trips.count == Self.trips && trips.allSatisfy { $0.stops.count == stopsPerTrip })
            }
        }
    }

    /// Fetches the trips into a new context and reads every stop's title, measuring both.
    private static func readTrips(_ benchmark: Benchmark, prefetching: Bool) throws {
        let context = Store.shared.container.newBackgroundContext()
        var descriptor = FetchDescriptor<Trip>()
        if prefetching { descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops] }
        let titles = try context.measuringOnQueue {
            benchmark.startMeasurement()
            let titles = try stopTitles(context, descriptor)
            benchmark.stopMeasurement()
            return titles
        }
        precondition(titles == trips * stopsPerTrip)
    }

    /// Fetches the trips `descriptor` asks for into `context` and reads every stop's title; how
    /// many are not empty. On the context's queue.
    private static func stopTitles(_ context: ModelContext, _ descriptor: FetchDescriptor<Trip>) throws -> Int {
        var titles = 0
        for trip in try context.fetch(descriptor) {
            for stop in trip.stops {
                titles += stop.title.isEmpty ? 0 : 1
            }
        }
        return titles
    }
}
