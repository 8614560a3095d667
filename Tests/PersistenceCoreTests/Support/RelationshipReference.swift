import Foundation

/// The reference for the relationship model-based test: trips, stops (each in at most one trip)
/// and two tags, as plain values.
///
/// Three contexts merge every save automatically, so each sees the committed state with its own
/// unsaved intents on top (its ``view(_:)``). A save applies the delete rules to that view
/// (a deleted trip's stops go with it; a deleted stop leaves its trip and tags) and commits it,
/// as does each fetch before it reads (``processPendingChanges(_:)``);
/// the other contexts then forget their intents on what was deleted, and a stop they had moved
/// to a deleted trip belongs to no trip.
struct RelationshipReference {
    struct State: Equatable {
        var trips: Set<Int> = []
        /// Each stop's trip.
        var stops: [Int: Int?] = [:]
        /// (stop, tag) pairs.
        var tagged: Set<[Int]> = []
    }

    /// One context's unsaved intents.
    struct Intents {
        var newTrips: Set<Int> = []
        var newStops: Set<Int> = []
        /// A stop's new trip (nil: none).
        var moves: [Int: Int?] = [:]
        var deletedTrips: Set<Int> = []
        var deletedStops: Set<Int> = []
        /// The stops among `deletedStops` that a deleted trip's cascade took.
        var cascadedStops: Set<Int> = []
        /// Whether a (stop, tag) pair should exist.
        var tagging: [[Int]: Bool] = [:]
    }

    static let tags = [0, 1]
    private(set) var committed = State()
    private(set) var intents = [Intents](repeating: Intents(), count: 3)
    private var nextKey = 1

    mutating func newKey() -> Int {
        defer { nextKey += 1 }
        return nextKey
    }

    /// What context `c` sees: the committed state and its intents (deleted models still listed
    /// until the save, as in memory).
    func view(_ c: Int) -> State {
        var state = committed
        let intents = intents[c]
        state.trips.formUnion(intents.newTrips)
        for stop in intents.newStops { state.stops[stop] = .some(nil) }
        for (stop, trip) in intents.moves { state.stops[stop] = .some(trip) }
        for (pair, on) in intents.tagging {
            if on { state.tagged.insert(pair) } else { state.tagged.remove(pair) }
        }
        return state
    }

    /// Context `c` applies its pending deletions' rules, as a fetch does first (Core Data's
    /// `processPendingChanges`): the stops of its deleted trips are deleted too, and stay so.
    mutating func processPendingChanges(_ c: Int) {
        let deletedTrips = intents[c].deletedTrips
        guard !deletedTrips.isEmpty else { return }
        for (stop, trip) in view(c).stops where trip.map(deletedTrips.contains) ?? false && !intents[c].deletedStops.contains(stop) {
            intents[c].deletedStops.insert(stop)
            intents[c].cascadedStops.insert(stop)
        }
    }

    /// Whether `c` has marked the trip or stop for deletion.
    func isDeleted(trip: Int, in c: Int) -> Bool { intents[c].deletedTrips.contains(trip) }
    func isDeleted(stop: Int, in c: Int) -> Bool { intents[c].deletedStops.contains(stop) }

    mutating func insertTrip(_ key: Int, in c: Int) { intents[c].newTrips.insert(key) }
    mutating func insertStop(_ key: Int, in c: Int) { intents[c].newStops.insert(key) }
    /// Setting the trip a stop already has is no change, in memory as in Core Data.
    mutating func move(stop: Int, to trip: Int?, in c: Int) {
        guard view(c).stops[stop] != .some(trip) else { return }
        intents[c].moves[stop] = .some(trip)
    }
    /// A saved trip's deletion waits for the save; a new one's applies its rules at once (its
    /// stops are deleted too).
    mutating func deleteTrip(_ key: Int, in c: Int) {
        guard intents[c].newTrips.remove(key) != nil else {
            intents[c].deletedTrips.insert(key)
            return
        }
        for (stop, trip) in view(c).stops where trip == key { deleteStop(stop, in: c) }
        for (stop, trip) in intents[c].moves where trip == key { intents[c].moves[stop] = .some(nil) }
    }

    /// A saved stop's deletion waits for the save; a new one is forgotten at once, and leaves
    /// its trip and tags.
    mutating func deleteStop(_ key: Int, in c: Int) {
        guard intents[c].newStops.remove(key) != nil else {
            intents[c].deletedStops.insert(key)
            return
        }
        intents[c].moves[key] = nil
        intents[c].tagging = intents[c].tagging.filter { $0.key[0] != key }
    }
    mutating func tag(stop: Int, tag: Int, _ on: Bool, in c: Int) { intents[c].tagging[[stop, tag]] = on }
    mutating func rollback(_ c: Int) { intents[c] = Intents() }

    /// Context `c` saves; returns how many stops its deleted trips took with them.
    @discardableResult
    mutating func save(_ c: Int) -> Int {
        var state = view(c)
        let deletedTrips = intents[c].deletedTrips
        let cascaded = Set(state.stops.filter { _, trip in trip.map(deletedTrips.contains) ?? false }.keys)
        let deletedStops = intents[c].deletedStops.union(cascaded)
        state.trips.subtract(deletedTrips)
        for stop in deletedStops { state.stops[stop] = nil }
        state.tagged = state.tagged.filter { !deletedStops.contains($0[0]) }
        let cascadedCount = cascaded.subtracting(intents[c].deletedStops).union(intents[c].cascadedStops).count
        committed = state
        intents[c] = Intents()
        for other in intents.indices where other != c {
            forget(trips: deletedTrips, stops: deletedStops, in: other)
        }
        return cascadedCount
    }

    /// Another context's save deleted these: `c` drops its intents on them.
    private mutating func forget(trips: Set<Int>, stops: Set<Int>, in c: Int) {
        var intents = self.intents[c]
        intents.deletedTrips.subtract(trips)
        intents.deletedStops.subtract(stops)
        intents.cascadedStops.subtract(stops)
        intents.newStops.subtract(stops)
        for stop in stops { intents.moves[stop] = nil }
        for (stop, trip) in intents.moves where trip.map(trips.contains) ?? false {
            intents.moves[stop] = .some(nil)
        }
        intents.tagging = intents.tagging.filter { !stops.contains($0.key[0]) }
        self.intents[c] = intents
    }
}
