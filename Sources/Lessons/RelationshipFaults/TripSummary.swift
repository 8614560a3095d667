import Foundation
import PersistenceCore
import SampleModels

/// A trip as a list shows it, as a value: its name and its stops' titles. What a background
/// context hands the main queue instead of models (article 004's `Sendable` values).
public struct TripSummary: Sendable, Codable, Hashable {
    public var name: String
    public var stopTitles: [String]

    public init(name: String, stopTitles: [String]) {
        self.name = name
        self.stopTitles = stopTitles
    }

    /// Reads `trip` and its stops; call it on the trip's context's queue.
    public init(_ trip: Trip) {
        name = trip.name
        stopTitles = trip.stops.sorted { $0.position < $1.position }.map(\.title)
    }
}

extension RelationshipFaults {
    /// Every trip by name, with its stops' titles, read on `context`'s queue; `prefetching`
    /// loads the stops with the fetch (`relationshipKeyPathsForPrefetching`), otherwise each
    /// trip's stops and each stop are faults that read the store when first touched.
    public static func summaries(on context: ModelContext, prefetching: Bool) async throws -> [TripSummary] {
        var descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        if prefetching { descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops] }
        return try await context.perform { [descriptor] in
            try context.fetch(descriptor).map(TripSummary.init)
        }
    }

    /// Saves `trips` trips of `stopsPerTrip` stops each from a background context.
    public static func saveTrips(_ trips: Int, stopsPerTrip: Int, in container: ModelContainer) async throws {
        try await container.performBackgroundTask { context in
            context.name = "trips saver"
            for number in 0..<trips {
                let trip = Trip(name: String(format: "trip %04d", number))
                context.insert(trip)
                trip.stops = (0..<stopsPerTrip).map { Stop(title: "stop \(number).\($0)", position: $0) }
            }
            try context.save()
        }
    }

    /// The wrong queue, to the end: a trip fetched on `context`, its stops read from a detached
    /// task. Under `ConcurrencyDebug.mode = .trap` the read stops the process.
    public static func readStopsOffQueue(on context: ModelContext, in container: ModelContainer) async throws -> Int {
        try await saveTrips(1, stopsPerTrip: 3, in: container)
        let trip = try await context.perform { Smuggled(try context.fetch(FetchDescriptor<Trip>())[0]) }
        return await Task.detached { trip.value.stops.count }.value
    }
}
