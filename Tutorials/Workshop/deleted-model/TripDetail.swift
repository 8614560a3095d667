// Workshop exercise: Keep the trip's screen alive when the trip is deleted
// Lesson deleted-model (`swift run lab run deleted-model`), articles 003 and 004.
//
// The trip's screen is a view model on the MainActor, opened on the model the list fetched on
// the main context, as a SwiftUI list hands its row's model to the detail view. It keeps that
// model and reads it again in `reload(on:)`. A background context then deletes the trip and
// saves; the main context merges the deletion (it merges every save) and invalidates the trip
// model the screen still holds: the next reload stops the process ("This model instance was
// invalidated"). Make the screen hold what cannot go stale, and read the trip again by its
// identifier, so that it shows the trip gone instead of crashing.
//
// Check your work:  swift run lab workshop deleted-model
//
// Hint 1: A model is safe only on its context's queue, and only while its row exists. Merged,
//         the deletion removes the trip from the main context and invalidates the model the
//         screen holds: reading any of its properties stops the process (`lab run deleted-model`,
//         lane 2).
// Hint 2: Keep what never goes stale: the trip's `persistentModelID`, a `Sendable` value, and the
//         values the screen shows, copied in `init` while the model is fresh. Keep no model.
// Hint 3: In `reload(on:)`, look the trip up again by identifier: `context.existingModel(for:
//         tripID, as: Trip.self)` loads it (the lab's look-up, Core Data's `existingObject(with:)`;
//         SwiftData code fetches by identifier). After the merged deletion it throws: the trip is
//         no longer registered in the context and its row is gone. Show nothing then.
// Hint 4: Store `tripID`, `title` and `stopTitles`. In `reload(on:)`: `let trip = try?
//         context.existingModel(for: tripID, as: Trip.self)`, then `title = trip?.name` and
//         `stopTitles = trip?.stops.sorted { $0.position < $1.position }.map { $0.title } ?? []`.

import PersistenceCore
import SampleModels

/// The trip's screen: what it shows, and how it reads the trip again.
@MainActor
final class TripDetail: TripShowing {
    /// The trip on screen: the model the list handed over.
    private let trip: Trip
    private(set) var title: String?
    private(set) var stopTitles: [String] = []

    init(trip: Trip) {
        self.trip = trip
        show()
    }

    func reload(on context: ModelContext) {
        // The main context merged the change into the model it holds, as it merges every save.
        show()
    }

    /// Copies what the screen shows from the trip.
    private func show() {
        title = trip.name
        stopTitles = trip.stops.sorted { $0.position < $1.position }.map { $0.title }
    }
}
