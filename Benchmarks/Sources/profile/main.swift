import BenchmarkSupport
import Foundation
import GRDBSQLite
import PersistenceCore
import SampleModels

// One benchmark scenario, once, for a profiler: the work to study runs inside `measured`, so
// that callgrind can count only it (see Benchmarks/README.md, "Profiling"):
//
//   swift build -c release --product profile
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measured*' \
//       .build/release/profile import 100000

/// Runs `body`, the part of a scenario being profiled, and prints how long it took.
@inline(never)
func measured<T>(_ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    defer { print("\(scenario) \(count): \(ContinuousClock.now - start)") }
    return try body()
}

/// How many of `trips`' stops have a title: every stop's title read. A function rather than a
/// closure in this file's top-level code, which is on the MainActor: Swift 6 checks a closure's
/// isolation each time it is called from elsewhere (`reduce`, `count(where:)`), and those checks
/// were 6% of the trips scenario's instructions (119.4 M -> 112.4 M), which the benchmark does not pay.
func stopTitles(of trips: [Trip]) -> Int {
    trips.reduce(0) { $0 + $1.stops.count { !$0.title.isEmpty } }
}

/// How many times a scenario runs its measured work: `REPEAT`, at least once.
let repeats = max(1, Int(ProcessInfo.processInfo.environment["REPEAT"] ?? "1") ?? 1)

/// `repeats` rounds of an object side against its raw peer, timed as the benchmark's alternating
/// rounds time them (`AlternatingRounds`: the side that goes first turns with each round, and
/// what each returns is released after its clock stops): each round's ratio, sorted.
func alternatingRatios(object: @escaping () throws -> Any, raw: @escaping () throws -> Any) throws -> [Double] {
    try (0..<repeats).map { _ in
        let times = try AlternatingRounds.timed([object, raw])
        return times[0] / times[1]
    }.sorted()
}

/// The raw peer of the fetch: every item whose count is at least 0, stepped into Swift values.
let rawFetchSQL = RawSQLite.selectColumns + " WHERE ZCOUNT >= ?1 ORDER BY Z_PK"

/// Runs `statement` (`rawFetchSQL`, prepared) once, reading every row.
func rawFetch(_ statement: OpaquePointer) -> [ItemRow] {
    sqlite3_bind_int64(statement, 1, 0)
    var fetched: [ItemRow] = []
    while sqlite3_step(statement) == SQLITE_ROW { fetched.append(RawSQLite.row(of: statement)) }
    sqlite3_reset(statement)
    return fetched
}

/// A store holding `count` items, made outside the measurement.
func store(_ count: Int) throws -> ModelContainer {
    let container = try ModelContainer(for: Item.self, configuration: .inMemory)
    let context = container.newBackgroundContext()
    try context.performAndWait {
        for row in ItemRow.hundredThousand.prefix(count) { context.insert(Item(row)) }
        try context.save()
    }
    return container
}

let arguments = CommandLine.arguments.dropFirst()
let scenario = arguments.first ?? "help"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let rows = Array(ItemRow.hundredThousand.prefix(count))

switch scenario {
case "import":
    // PHASES=1 also prints how long the inserts and the save took apart.
    let phases = ProcessInfo.processInfo.environment["PHASES"] != nil
    for _ in 0..<repeats {
        let context = try ModelContainer(for: Item.self, configuration: .inMemory).newBackgroundContext()
        try context.performAndWait {
            try measured {
                let start = ContinuousClock.now
                for row in rows { context.insert(Item(row)) }
                let inserted = ContinuousClock.now
                try context.save()
                if phases { print("  inserts \(inserted - start), save \(ContinuousClock.now - inserted)") }
            }
        }
    }
case "import-swiftdata":
    // The same import on a SwiftData context, whose save looks each new item's unique id up in the
    // store (an upsert where it is found). STORED=1 imports into a store that holds every item.
    let stored = ProcessInfo.processInfo.environment["STORED"] != nil
    for _ in 0..<repeats {
        let container = stored ? try store(count) : try ModelContainer(for: Item.self, configuration: .inMemory)
        let context = DispatchQueue.global().sync { ModelContext(container) }
        try context.performAndWait {
            try measured {
                for row in rows { context.insert(Item(row)) }
                try context.save()
            }
        }
    }
case "raw-import":
    for _ in 0..<repeats {
        let database = RawSQLite()
        measured { database.insert(rows) }
    }
case "fetch", "fetch-memory":
    let container = try store(count)
    let minimum = 0
    let predicate = scenario == "fetch" ? #Predicate<Item> { $0.count >= minimum } : #Predicate<Item> { $0.count / 1 >= minimum }
    for _ in 0..<repeats {
        let context = container.newBackgroundContext()
        let items = try context.performAndWait { try measured { try context.fetch(FetchDescriptor(predicate: predicate)) } }
        precondition(items.count == count)
    }
case "registered", "existing", "fault":
    let container = try store(count)
    let context = container.newBackgroundContext()
    let identifiers = try context.performAndWait { try context.fetch(FetchDescriptor<Item>()).map(\.persistentModelID) }
    let lookups = scenario == "registered" ? context : container.newBackgroundContext()
    try lookups.performAndWait {
        try measured {
            for id in identifiers {
                switch scenario {
                case "registered": precondition((lookups.registeredModel(for: id) as Item?) != nil)
                case "existing": _ = try lookups.existingModel(for: id, as: Item.self)
                default: precondition((lookups.model(for: id) as! Item).count >= 0)
                }
            }
        }
    }
case "hop":
    // `count` empty jobs handed to a background context's queue, then one wait behind them: the
    // path every `perform`, merge and model actor's job takes into a queue (the exploration seam's
    // check included); callgrind counts the handing over, on this thread.
    let container = try store(0)
    let context = container.newBackgroundContext()
    measured {
        for _ in 0..<count { context.perform {} }
        context.performAndWait {}
    }
case "batch":
    let container = try store(count)
    for value in 0..<repeats {
        try measured { _ = try container.execute(BatchUpdateRequest<Item>(propertiesToUpdate: ["count": 7 + value])) }
    }
case "fetch-rounds":
    // The fetch against its raw step loop, in alternating rounds: the median round's ratio.
    let container = try store(count)
    let database = RawSQLite()
    database.insert(rows)
    let statement = database.prepare(rawFetchSQL)
    defer { sqlite3_finalize(statement) }
    let minimum = 0
    let predicate = #Predicate<Item> { $0.count >= minimum }
    let sorted = try alternatingRatios(object: {
        // The context, with its models, is released after the clock stops, as in the benchmark.
        let context = container.newBackgroundContext()
        let fetched = try context.performAndWait { try context.fetch(FetchDescriptor(predicate: predicate)).count }
        precondition(fetched == count)
        return context
    }, raw: {
        let fetched = rawFetch(statement)
        precondition(fetched.count == count)
        return fetched
    })
    print("fetch-rounds \(count): median \(sorted[sorted.count / 2]) over \(sorted.count) rounds")
case "raw-batch", "raw-fetch":
    let database = RawSQLite()
    database.insert(rows)
    if scenario == "raw-batch" {
        let statement = database.prepare("UPDATE ZITEM SET Z_OPT = Z_OPT + 1, ZCOUNT = ?1")
        for value in 0..<repeats {
            measured {
                database.execute("BEGIN IMMEDIATE")
                sqlite3_bind_int64(statement, 1, Int64(7 + value))
                precondition(sqlite3_step(statement) == SQLITE_DONE)
                sqlite3_reset(statement)
                database.execute("COMMIT")
            }
        }
        sqlite3_finalize(statement)
    } else {
        let statement = database.prepare(rawFetchSQL)
        for _ in 0..<repeats {
            let fetched = measured { rawFetch(statement) }
            precondition(fetched.count == count)
        }
        sqlite3_finalize(statement)
    }
case "fetch-modify-save":
    let context = try store(count).newBackgroundContext()
    try context.performAndWait {
        try measured {
            for item in try context.fetch(FetchDescriptor<Item>()) { item.count = 7 }
            try context.save()
        }
    }
case "get", "set":
    let context = try ModelContainer(for: Item.self, configuration: .inMemory).newBackgroundContext()
    try context.performAndWait {
        let item = Item(timestamp: .now)
        context.insert(item)
        try context.save()
        var sum = 0
        measured {
            for value in 0..<count {
                if scenario == "get" { sum &+= item.count } else { item.count = value }
            }
        }
        precondition(sum >= 0)
    }
case "trips", "trips-faulting", "trips-join", "trips-queries", "trips-rounds":
    // count trips of 20 stops each; every stop's title read, the stops prefetched or faulted,
    // or (trips-join) the benchmark's raw peer: one SQL join over the same store, read into values,
    // or (trips-queries) prefetching's own queries in raw SQLite (`RawTripReads.prefetching()`),
    // or (trips-rounds) prefetching and those queries in alternating rounds, as the benchmark
    // times them: each round's ratio, and the median of REPEAT rounds.
    // FILE=1: a file store, as the benchmark's (a fault is then a read of the file).
    let configuration: ModelConfiguration = ProcessInfo.processInfo.environment["FILE"] == nil ? .inMemory
        : .file(FileManager.default.temporaryDirectory.appendingPathComponent("profile-trips-\(getpid()).sqlite"))
    defer {
        // The store file and its journal files go when the scenario ends.
        if case .file(let url) = configuration.location {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        }
    }
    let container = try ModelContainer(for: Trip.self, configuration: configuration)
    let seed = container.newBackgroundContext()
    try seed.performAndWait {
        for number in 0..<count {
            let trip = Trip(name: "trip \(number)")
            seed.insert(trip)
            trip.stops = (0..<20).map { Stop(title: "stop \(number).\($0)", position: $0) }
        }
        try seed.save()
        // As the benchmark's seeding does: the models hold one another through their
        // relationships, and would outlive the context (RelationshipBenchmarks.swift).
        seed.reset()
    }
    if scenario == "trips-join" || scenario == "trips-queries" || scenario == "trips-rounds" {
        guard case .file(let url) = configuration.location else { fatalError("\(scenario) reads a file store: set FILE=1") }
        var handle: OpaquePointer?
        precondition(sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        if scenario == "trips-rounds" {
            let reads = RawTripReads(connection: handle!)
            var descriptor = FetchDescriptor<Trip>()
            descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops]
            let prefetching = descriptor
            let sorted = try alternatingRatios(object: {
                // The context and its models are released after the clock stops, as in the benchmark.
                let context = container.newBackgroundContext()
                let titles = try context.performAndWait { stopTitles(of: try context.fetch(prefetching)) }
                precondition(titles == count * 20)
                return context
            }, raw: {
                let trips = reads.prefetching()
                precondition(trips.count == count)
                return trips
            })
            print("trips-rounds \(count): median \(sorted[sorted.count / 2]), p25 \(sorted[sorted.count / 4]), p75 \(sorted[sorted.count * 3 / 4]) over \(sorted.count) rounds")
            break
        }
        if scenario == "trips-queries" {
            let reads = RawTripReads(connection: handle!)
            for _ in 0..<repeats {
                let trips = measured { reads.prefetching() }
                precondition(trips.count == count && trips.allSatisfy { $0.stops.count == 20 })
            }
            break
        }
        var statement: OpaquePointer?
        precondition(sqlite3_prepare_v2(handle, RawTripJoin.sql, -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        for _ in 0..<repeats {
            let trips = measured {
                defer { sqlite3_reset(statement) }
                return RawTripJoin.read(statement!)
            }
            precondition(trips.count == count && trips.allSatisfy { $0.stops.count == 20 })
        }
        break
    }
    var prefetching = FetchDescriptor<Trip>()
    if scenario == "trips" { prefetching.relationshipKeyPathsForPrefetching = [\Trip.stops] }
    let descriptor = prefetching  // a let: performAndWait's block is @Sendable
    // PHASES=1 also prints how long the fetch (with its prefetch) and the reading of the titles took apart.
    let phases = ProcessInfo.processInfo.environment["PHASES"] != nil
    for _ in 0..<repeats {
        let context = container.newBackgroundContext()
        let titles = try context.performAndWait {
            try measured {
                let start = ContinuousClock.now
                let trips = try context.fetch(descriptor)
                let fetched = ContinuousClock.now
                let titles = stopTitles(of: trips)
                if phases { print("  fetch \(fetched - start), reading \(ContinuousClock.now - fetched)") }
                return titles
            }
        }
        precondition(titles == count * 20)
    }
case "first-100":
    // What the main queue does when a background save of `count` items lands under a list of the
    // first 100 by timestamp on SwiftData's main context (target 2's list): the merge of the save,
    // then the list's fetch again (ResultsObserver fetches again when it has a limit), timed apart.
    for _ in 0..<repeats {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        var descriptor = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])
        descriptor.fetchLimit = 100
        let list = descriptor
        let main = container.mainContext
        // The list's first fetch, before the import: it shows nothing.
        let shownBefore = try MainActor.assumeIsolated { try main.fetch(list).count }
        precondition(shownBefore == 0)
        let background = container.newBackgroundContext()
        let inserted = try background.performAndWait {
            let items = rows.map { Item($0) }
            for item in items { background.insert(item) }
            try background.save()
            return Set(items.map(\.persistentModelID))
        }
        try MainActor.assumeIsolated {
            let start = ContinuousClock.now
            main.mergeChanges(fromContextDidSave: ModelContext.Changes(inserted: inserted))
            let merged = ContinuousClock.now
            let shown = try main.fetch(list).count
            precondition(shown == min(100, count))
            print("first-100 \(count): merge \(merged - start), fetch \(ContinuousClock.now - merged)")
        }
    }
case "sizes":
    // The bytes the allocator hands an `Item` and its backing data (each allocation's usable size).
    let item = Item(timestamp: .now)
    print("Item \(allocationSize(Unmanaged.passUnretained(item).toOpaque())) bytes, "
          + "its BackingData \(allocationSize(Unmanaged.passUnretained(item.backingData).toOpaque())) bytes")
    // And what a fetched row costs elsewhere: its slot in the uniquing table's array for its entity
    // (or, for a key far from the others, a bucket of its dictionary: an identifier and a model),
    // and each of the row's values in its shared buffer.
    print("a uniquing-table slot \(MemoryLayout<(any PersistentModel)?>.stride) bytes "
          + "(a dictionary bucket \(MemoryLayout<PersistentIdentifier>.stride + MemoryLayout<any PersistentModel>.stride)), "
          + "a stored value \(MemoryLayout<SQLiteValue>.stride) bytes")
default:
    print("usage: profile import|hop|raw-import|raw-batch|raw-fetch|fetch|fetch-rounds|fetch-memory|registered|existing|fault|batch|fetch-modify-save|get|set|trips|trips-faulting|trips-join|trips-queries|trips-rounds|sizes [count]")
}
