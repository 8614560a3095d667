import SwiftData
import Foundation

/// A trip, the superclass of the kinds of trips: written as Apple's "Adopting inheritance in
/// SwiftData" writes its base class (`@Model class`, not final; its properties are inherited).
@Model
class Trip {
    @Attribute(.preserveValueOnDeletion)
    var name: String
    var destination: String
    var startDate: Date
    var endDate: Date

    @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip)
    var bucketList: [BucketListItem] = [BucketListItem]()

    init(name: String, destination: String, startDate: Date, endDate: Date) {
        self.name = name
        self.destination = destination
        self.startDate = startDate
        self.endDate = endDate
    }

    /// How many days the trip lasts.
    var days: Int {
        Calendar(identifier: .gregorian).dateComponents([.day], from: startDate, to: endDate).day ?? 0
    }
}
