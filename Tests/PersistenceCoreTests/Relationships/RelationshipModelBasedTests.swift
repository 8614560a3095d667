import Foundation
import PersistenceCore
import SampleModels
import Testing

/// Random sequences of relationship changes in three contexts that merge each other's saves:
/// inserts, moves (from either side), tagging (many-to-many, from either side), deletions with
/// cascade and nullify, saves, rollbacks, refreshes. After every step each context's trips, stops
/// and tags, read through their relationships, match ``RelationshipReference``'s view of that
/// context; after every save the store matches the committed state.
///
/// A failure names its seed; replay it with `LAB_RANDOM_SEED=<seed> swift test --filter RelationshipModelBasedTests`.
@Suite("Relationships: model-based random sequences")
struct RelationshipModelBasedTests {
    @Test("200 seeded sequences of 30 steps match the reference")
    func sequencesMatchTheReference() throws {
        var cascades = 0, saves = 0
        let seeds = ProcessInfo.processInfo.environment["LAB_RANDOM_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? ModelBasedTests.sequenceSeeds(from: 0x7219, count: 200)
        for seed in seeds {
            var run = try RelationshipRun(seed: seed)
            if let problem = run.run(steps: 30) {
                Issue.record("seed \(seed), after:\n\(run.log.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n"))\n→ \(problem)")
                return
            }
            cascades += run.cascadedStops
            saves += run.saves
        }
        print("relationship sequences: \(saves) saves, \(cascades) stops cascaded")
        #expect(saves > 1_000 && cascades > 20, "the sequences saved (\(saves)) and cascaded (\(cascades)) often enough to mean something")
    }
}

/// One random sequence.
struct RelationshipRun {
    private var generator: SplitMix64
    private var reference = RelationshipReference()
    private let container: ModelContainer
    private let contexts: [ModelContext]
    private(set) var log: [String] = []
    private(set) var cascadedStops = 0
    private(set) var saves = 0

    init(seed: UInt64) throws {
        generator = SplitMix64(seed: seed)
        let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
        self.container = container
        contexts = (0..<3).map { _ in container.newBackgroundContext() }
        for context in contexts { context.automaticallyMergesChangesFromParent = true }
        let first = contexts[0]
        try first.performAndWait {
            for tag in RelationshipReference.tags { first.insert(SampleModels.Tag(label: "A\(tag)")) }
            try first.save()
        }
    }

    /// Runs `steps` random steps; the first disagreement, or nil.
    mutating func run(steps: Int) -> String? {
        for _ in 0..<steps {
            let c = Int.random(in: 0..<3, using: &generator)
            do {
                try step(in: c)
            } catch {
                return "threw \(error)"
            }
            for context in contexts.indices {
                reference.processPendingChanges(context)  // the check's fetches apply the delete rules first
                if let problem = check(context) { return "context \(context): \(problem)" }
            }
        }
        return nil
    }

    private mutating func step(in c: Int) throws {
        let context = contexts[c]
        let view = reference.view(c)
        let liveTrips = view.trips.filter { !reference.isDeleted(trip: $0, in: c) }.sorted()
        let liveStops = view.stops.keys.filter { !reference.isDeleted(stop: $0, in: c) }.sorted()
        let roll = Int.random(in: 0..<100, using: &generator)
        let fromTripSide = Bool.random(using: &generator)
        switch roll {
        case 0..<12:
            let key = reference.newKey()
            log.append("\(c): insert trip T\(key)")
            context.performAndWait { context.insert(Trip(name: "T\(key)")) }
            reference.insertTrip(key, in: c)
        case 12..<27:
            let key = reference.newKey()
            let trip = liveTrips.randomElement(using: &generator)
            log.append("\(c): insert stop S\(key) into \(trip.map { "T\($0)" } ?? "no trip")\(fromTripSide ? " (from the trip)" : "")")
            try context.performAndWait {
                let stop = Stop(title: "S\(key)")
                context.insert(stop)
                if let trip { try Self.relate(stop, to: Self.trip(trip, in: context), fromTripSide: fromTripSide, in: context) }
            }
            reference.insertStop(key, in: c)
            if let trip { reference.move(stop: key, to: trip, in: c) }
        case 27..<47 where !liveStops.isEmpty:
            let stop = liveStops.randomElement(using: &generator)!
            let trip = Bool.random(using: &generator) ? liveTrips.randomElement(using: &generator) : nil
            log.append("\(c): move S\(stop) to \(trip.map { "T\($0)" } ?? "no trip")\(fromTripSide ? " (from the trip)" : "")")
            try context.performAndWait {
                let model = try Self.stop(stop, in: context)
                try Self.relate(model, to: trip.map { try Self.trip($0, in: context) }, fromTripSide: fromTripSide, in: context)
            }
            reference.move(stop: stop, to: trip, in: c)
        case 47..<59 where !liveStops.isEmpty:
            let stop = liveStops.randomElement(using: &generator)!
            let tag = RelationshipReference.tags.randomElement(using: &generator)!
            let on = !view.tagged.contains([stop, tag])
            log.append("\(c): \(on ? "tag" : "untag") S\(stop) with A\(tag)\(fromTripSide ? " (from the tag)" : "")")
            try context.performAndWait {
                let model = try Self.stop(stop, in: context)
                let labelText = "A\(tag)"
                let labels = try context.fetch(FetchDescriptor<SampleModels.Tag>(predicate: #Predicate { $0.label == labelText }))
                guard let label = labels.first else { throw Disagreement("no tag \(labelText)") }
                switch (on, fromTripSide) {
                case (true, false): model.tags.append(label)
                case (true, true): label.stops.append(model)
                case (false, false): model.tags.removeAll { $0 === label }
                case (false, true): label.stops.removeAll { $0 === model }
                }
            }
            reference.tag(stop: stop, tag: tag, on, in: c)
        case 59..<66 where !liveStops.isEmpty:
            let stop = liveStops.randomElement(using: &generator)!
            log.append("\(c): delete S\(stop)")
            try context.performAndWait { context.delete(try Self.stop(stop, in: context)) }
            reference.deleteStop(stop, in: c)
        case 66..<72 where !liveTrips.isEmpty:
            let trip = liveTrips.randomElement(using: &generator)!
            log.append("\(c): delete T\(trip)")
            try context.performAndWait { context.delete(try Self.trip(trip, in: context)) }
            reference.deleteTrip(trip, in: c)
        case 72..<76:
            log.append("\(c): rollback")
            context.performAndWait { context.rollback() }
            reference.rollback(c)
        case 76..<79:
            log.append("\(c): refreshAllObjects")
            context.performAndWait { context.refreshAllObjects() }
        default:
            log.append("\(c): save")
            try context.performAndWait { try context.save() }
            cascadedStops += reference.save(c)
            saves += 1
            if let problem = checkStore() { throw Disagreement(problem) }
        }
    }

    /// Puts `stop` in `trip` (or in none), through the stop's side or the trip's.
    private static func relate(_ stop: Stop, to trip: Trip?, fromTripSide: Bool, in context: ModelContext) throws {
        guard fromTripSide else {
            stop.trip = trip
            return
        }
        if let trip {
            trip.stops.append(stop)
        } else if let current = stop.trip {
            current.stops.removeAll { $0 === stop }
        }
    }

    private static func trip(_ key: Int, in context: ModelContext) throws -> Trip {
        let name = "T\(key)"
        return try #require(try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == name })).first)
    }

    private static func stop(_ key: Int, in context: ModelContext) throws -> Stop {
        let title = "S\(key)"
        return try #require(try context.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.title == title })).first)
    }

    /// Context `c`, read through its relationships, against the reference's view of it.
    private func check(_ c: Int) -> String? {
        let context = contexts[c]
        let expected = reference.view(c)
        return context.performAndWait { () -> String? in
            do {
                let seen = try Self.state(of: context)
                let liveTrips = expected.trips.filter { !reference.isDeleted(trip: $0, in: c) }
                guard seen.trips == liveTrips else { return "trips \(seen.trips.sorted()), expected \(liveTrips.sorted())" }
                for (stop, trip) in seen.stops where expected.stops[stop] != .some(trip) {
                    return "S\(stop) is in \(String(describing: trip)), expected \(String(describing: expected.stops[stop]))"
                }
                let liveStops = Set(expected.stops.keys.filter { !reference.isDeleted(stop: $0, in: c) })
                guard Set(seen.stops.keys) == liveStops else { return "stops \(seen.stops.keys.sorted()), expected \(liveStops.sorted())" }
                for trip in liveTrips {
                    let members = seen.members[trip] ?? []
                    // A deleted stop has left its trip already: the fetch applied its nullify rule.
                    let expectedMembers = Set(expected.stops.filter { $0.value == trip && !reference.isDeleted(stop: $0.key, in: c) }.keys)
                    guard members == expectedMembers else { return "T\(trip).stops \(members.sorted()), expected \(expectedMembers.sorted())" }
                }
                let liveTagged = expected.tagged.filter { !reference.isDeleted(stop: $0[0], in: c) }
                guard seen.tagged == liveTagged else { return "tags \(seen.tagged.sorted { $0.lexicographicallyPrecedes($1) }), expected \(liveTagged.sorted { $0.lexicographicallyPrecedes($1) })" }
                return nil
            } catch {
                return "threw \(error)"
            }
        }
    }

    /// What a fresh context reads from the store, against the committed state.
    private func checkStore() -> String? {
        let fresh = container.newBackgroundContext()
        return fresh.performAndWait { () -> String? in
            do {
                let seen = try Self.state(of: fresh)
                let committed = reference.committed
                guard seen.trips == committed.trips else { return "store trips \(seen.trips.sorted()), expected \(committed.trips.sorted())" }
                guard seen.stops == committed.stops else { return "store stops \(seen.stops), expected \(committed.stops)" }
                guard seen.tagged == committed.tagged else { return "store tags differ" }
                return nil
            } catch {
                return "threw \(error)"
            }
        }
    }

    /// The trips, stops and tag pairs a context shows, read through its relationships: each
    /// stop's trip, each trip's members, each tag's stops (pairs must agree from both sides).
    private static func state(of context: ModelContext) throws -> (trips: Set<Int>, stops: [Int: Int?], members: [Int: Set<Int>], tagged: Set<[Int]>) {
        func key(_ name: String) -> Int { Int(name.dropFirst())! }
        let trips = try context.fetch(FetchDescriptor<Trip>())
        let stops = try context.fetch(FetchDescriptor<Stop>())
        var members: [Int: Set<Int>] = [:]
        for trip in trips { members[key(trip.name)] = Set(trip.stops.map { key($0.title) }) }
        var tagged = Set<[Int]>()
        for stop in stops {
            for tag in stop.tags { tagged.insert([key(stop.title), key(tag.label)]) }
        }
        var fromTags = Set<[Int]>()
        for tag in try context.fetch(FetchDescriptor<SampleModels.Tag>()) {
            for stop in tag.stops where !stop.isDeleted { fromTags.insert([key(stop.title), key(tag.label)]) }
        }
        guard fromTags == tagged else { throw Disagreement("the tags' side \(fromTags) and the stops' side \(tagged) differ") }
        return (Set(trips.map { key($0.name) }), Dictionary(uniqueKeysWithValues: stops.map { (key($0.title), $0.trip.map { key($0.name) }) }),
                members, tagged)
    }
}

struct Disagreement: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
