import Foundation
import PersistenceCore
import SampleModels

// Steps the lesson runs and the exit tests run again, where the trap really happens.
extension DeletedModel {
    /// The trip every lane shows: Lisbon, with three stops.
    public static let tripName = "Lisbon"
    public static let stopTitles = ["Belém Tower", "Alfama", "Jerónimos"]
    /// The stop the user opens: the second one the screen lists.
    public static let openedStopIndex = 1

    /// What a screen holding models keeps after its first look: the trip and the stops it lists,
    /// as models. Their identifiers are kept too, for the lesson to name them, never to read them.
    public struct ScreenHoldingModels: Sendable {
        public let tripID: PersistentIdentifier
        /// The stops' identifiers, in the order the screen lists them.
        public let stopIDs: [PersistentIdentifier]
        let trip: Smuggled<Trip>
        let stops: Smuggled<[Stop]>
    }

    /// Saves the trip and its stops from a background context; returns their identifiers.
    public static func saveTrip(in container: ModelContainer) async throws -> (trip: PersistentIdentifier, stops: [PersistentIdentifier]) {
        try await container.performBackgroundTask { context in
            context.name = "trip saver"
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
    static func showTrip(_ id: PersistentIdentifier, on context: ModelContext) async throws -> ScreenHoldingModels {
        try await context.perform {
            // The lab's existingModel(for:as:); Core Data: existingObject(with:).
            let trip = try context.existingModel(for: id, as: Trip.self)
            _ = trip.name
            let stops = trip.stops
            // An identifier is the model's own: reading it does not fire the stop's fault.
            return ScreenHoldingModels(tripID: id, stopIDs: stops.map(\.persistentModelID),
                                       trip: Smuggled(trip), stops: Smuggled(stops))
        }
    }

    /// Another context deletes the trip (its stops go with it: `.cascade`) and saves.
    public static func deleteTrip(_ id: PersistentIdentifier, in container: ModelContainer) async throws {
        try await container.performBackgroundTask { context in
            context.name = "deleter"
            // The lab's existingModel(for:as:); Core Data: existingObject(with:).
            context.delete(try context.existingModel(for: id, as: Trip.self))
            try context.save()
        }
    }

    /// The wrong way up to the user's tap: a trip is saved, `context` shows it (the screen holds
    /// its models), and another context deletes it and saves.
    public static func showTripThenDeleteIt(on context: ModelContext, in container: ModelContainer) async throws -> ScreenHoldingModels {
        let saved = try await saveTrip(in: container)
        let screen = try await showTrip(saved.trip, on: context)
        try await deleteTrip(saved.trip, in: container)
        return screen
    }

    /// Without merging, the user opens a stop the screen lists: a fault whose row is gone.
    /// Reading its title stops the process with ``openedStopTrapMessage(for:)``.
    public static func openStop(at index: Int, of screen: ScreenHoldingModels, on context: ModelContext) async -> String {
        await context.perform { screen.stops.value[index].title }
    }

    /// With merging, the screen reads the name of the trip model it still holds. The merge took
    /// the model out of `context` for good: the read stops the process with
    /// ``heldTripTrapMessage(for:mergedBy:)``.
    public static func readHeldTripName(of screen: ScreenHoldingModels, on context: ModelContext) async -> String {
        // The merge was queued on the context's queue when the save committed: this block runs after it.
        await context.perform(schedule: .enqueued) { screen.trip.value.name }
    }

    // MARK: What the traps print

    /// What opening `stop` stops the process with once its row is gone: the unfulfillable fault
    /// id-passing shows. SwiftData traps there too; Core Data, by default
    /// (`shouldDeleteInaccessibleFaults`), hands back the object marked deleted, its attributes
    /// nil or 0, and does not stop. This lab always traps, as SwiftData does.
    public static func openedStopTrapMessage(for stop: PersistentIdentifier) -> String {
        IDPassing.faultTrapMessage(for: stop)
    }

    /// What reading the name of a held `trip` stops the process with once the context labelled
    /// `queueLabel` merged another context's save that deleted it: the message the core's
    /// `BackingData.invalidationMessage(touching:)` writes for a merged deletion, word for word.
    public static func heldTripTrapMessage(for trip: PersistentIdentifier, mergedBy queueLabel: String) -> String {
        // existingModel(for:) is the lab's own; Core Data: existingObject(with:).
        "This model instance was invalidated (Trip.name get): Trip \(trip.uriRepresentation.absoluteString) "
            + "was deleted by another context's save, which '\(queueLabel)' merged, so its backing data no longer exists. "
            + "Hold its persistentModelID and fetch it again (existingModel(for:) throws when the row is gone)."
    }
}
