import Foundation
import PersistenceCore
import SampleModels

// Steps the scenario runs and the exit tests run again, where the trap really happens.
extension DeletedModel {
    /// The trip every lane shows: Lisbon, with three stops.
    public static let tripName = "Lisbon"
    public static let stopTitles = ["Belém Tower", "Alfama", "Jerónimos"]

    /// Saves the trip and its stops from a background context; returns their identifiers.
    public static func saveTrip(in container: ModelContainer) async throws -> (trip: PersistentIdentifier, stops: [PersistentIdentifier]) {
        try await container.performBackgroundTask { context in
            let trip = Trip(name: tripName)
            context.insert(trip)
            for (position, title) in stopTitles.enumerated() {
                trip.stops.append(Stop(title: title, position: position))
            }
            try context.save()
            return (trip.persistentModelID, trip.stops.map(\.persistentModelID))
        }
    }

    /// The screen's first look, on `context`: the trip's name and how many stops it has. The
    /// stops stay faults: the screen lists them without reading them yet.
    static func showTrip(_ id: PersistentIdentifier, on context: ModelContext) async throws -> (trip: Smuggled<Trip>, stops: Smuggled<[Stop]>) {
        try await context.perform {
            let trip = try context.existingModel(for: id, as: Trip.self)
            _ = trip.name
            return (Smuggled(trip), Smuggled(trip.stops))
        }
    }

    /// Another context deletes the trip (its stops go with it: `.cascade`) and saves.
    public static func deleteTrip(_ id: PersistentIdentifier, in container: ModelContainer) async throws {
        try await container.performBackgroundTask { context in
            context.delete(try context.existingModel(for: id, as: Trip.self))
            try context.save()
        }
    }

    /// The wrong way, to the end: `context` shows the trip, another context deletes it, and the
    /// user opens a stop on the screen. Without merging, the stop is a fault whose row is gone:
    /// reading its title stops the process ("could not fulfill a fault for x-lab://…").
    public static func openStopAfterDeletion(on context: ModelContext, in container: ModelContainer) async throws -> String {
        let saved = try await saveTrip(in: container)
        let shown = try await showTrip(saved.trip, on: context)
        try await deleteTrip(saved.trip, in: container)
        return await context.perform { shown.stops.value[1].title }
    }

    /// Merging, to the end: `context` merges other contexts' saves and shows the trip; another
    /// context deletes it; the screen reads the trip model it still holds. The merge invalidated
    /// it: the read stops the process ("This model instance was invalidated").
    public static func readHeldTripAfterMergedDeletion(on context: ModelContext, in container: ModelContainer) async throws -> String {
        context.automaticallyMergesChangesFromParent = true
        let saved = try await saveTrip(in: container)
        let shown = try await showTrip(saved.trip, on: context)
        try await deleteTrip(saved.trip, in: container)
        // The merge was queued on the context's queue when the save committed: this block runs after it.
        return await context.perform(schedule: .enqueued) { shown.trip.value.name }
    }
}
