import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the screen holds the trip's identifier and the values it shows, never
    /// the model, and reads the trip again by identifier.
    @MainActor
    final class TripDetail: TripShowing {
        /// The trip on screen: an identifier, valid on any queue and after the row is gone.
        let tripID: PersistentIdentifier
        private(set) var title: String?
        private(set) var stopTitles: [String] = []

        init(trip: Trip) {
            tripID = trip.persistentModelID
            show(trip)
        }

        func reload(on context: ModelContext) {
            // existingModel(for:as:) is the lab's look-up, Core Data's existingObject(with:). After
            // the merged deletion the trip is no longer registered and its row is gone: it throws,
            // and the screen shows nothing.
            show(try? context.existingModel(for: tripID, as: Trip.self))
        }

        /// Copies what the screen shows from `trip`, a model just fetched; nothing when it is gone.
        private func show(_ trip: Trip?) {
            title = trip?.name
            stopTitles = trip?.stops.sorted { $0.position < $1.position }.map { $0.title } ?? []
        }
    }
}
