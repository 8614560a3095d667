import Foundation
import PersistenceCore
import SampleModels

/// The robust screen: it holds the trip's identifier and the values it shows, never a model, and
/// reads the trip again whenever its context changes.
///
/// A model is only safe on its context's queue, and only while its row exists. Identifiers and
/// values are safe anywhere. A look-up by identifier says plainly when the trip is gone, once
/// the context merged the deletion: the merge removed the trip from the context, so
/// ``PersistenceCore/ModelContext/existingModel(for:as:)`` reads the store, finds no row, and
/// throws. (Like Core Data's `existingObject(with:)`, it hands back a loaded model it registers
/// without asking the store: merging is what keeps the answer true.) The screen can then show
/// "deleted" instead of touching a dead model.
public struct TripScreen: Sendable, Codable, Hashable {
    /// The trip the screen is about.
    public let tripID: PersistentIdentifier
    /// What it shows: the trip's name and its stops' titles, or nil once the trip is gone.
    public private(set) var title: String?
    public private(set) var stopTitles: [String] = []

    public init(tripID: PersistentIdentifier) {
        self.tripID = tripID
    }

    /// Reads the trip again, on `context`'s queue: its values if it exists, nothing if it is gone.
    public mutating func reload(on context: ModelContext) async {
        let id = tripID
        let values = await context.perform { () -> (String, [String])? in
            // The lab's existingModel(for:as:); Core Data: existingObject(with:).
            guard let trip = try? context.existingModel(for: id, as: Trip.self) else { return nil }
            return (trip.name, trip.stops.sorted { $0.position < $1.position }.map(\.title))
        }
        title = values?.0
        stopTitles = values?.1 ?? []
    }
}
