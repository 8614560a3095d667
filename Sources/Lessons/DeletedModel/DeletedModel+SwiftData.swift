import Foundation
import PersistenceCore
import SampleModels

extension DeletedModel {
    /// The same deletion under SwiftData (iOS 17 and later): the screen holds the trip's models on
    /// the main context, a model actor deletes the trip and saves, and SwiftData merges the
    /// deletion into the main context by itself. The trip model the screen held left its context,
    /// as in the Core Data lane that merges automatically: reading it would stop the process.
    ///
    ///     main context (MainActor)              TripDeleter (a model actor, private queue)
    ///     save Lisbon and its stops; show them
    ///                                           delete Lisbon (its stops go with it), save
    ///     [SwiftData merges the deletion, queued on the main queue by the save]
    ///     look at what the screen holds         ← resumed after the merge
    @MainActor
    func holdModelsOnSwiftDataMainContext(in environment: LessonEnvironment) async throws -> WithMerging {
        let container = try environment.makeContainer(for: [Trip.self], name: "deleted-model-swiftdata")
        let main = container.mainContext
        main.name = "SwiftData main context (the screen)"
        let trip = Trip(name: Self.tripName)
        main.insert(trip)
        for (position, title) in Self.stopTitles.enumerated() {
            trip.stops.append(Stop(title: title, position: position))
        }
        try main.save()
        let (tripID, stopIDs) = (trip.persistentModelID, trip.stops.map(\.persistentModelID))

        // A model actor made off the MainActor deletes the trip and saves: SwiftData merges the
        // deletion into the main context by itself, queued on the main queue before this resumes.
        let deleter = await Task.detached { TripDeleter(modelContainer: container) }.value
        try await deleter.delete(tripID)

        return try Self.observeMergedDeletion(in: main, heldTrip: trip, tripID: tripID, stopIDs: stopIDs)
    }
}

/// SwiftData's background worker for the lesson: deletes a trip by its identifier.
@ModelActor
actor TripDeleter {
    func delete(_ id: PersistentIdentifier) throws {
        modelContext.name = "TripDeleter (model actor)"
        guard let trip = self[id, as: Trip.self] else { throw LessonError.unexpected("the trip is not in the store") }
        modelContext.delete(trip)
        try modelContext.save()
    }
}
