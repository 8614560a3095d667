import SwiftData
import Foundation

/// A trip for pleasure: a `@Model` subclass with an enum property.
@Model
class PersonalTrip: Trip {
    enum Reason: String, CaseIterable, Codable, Identifiable {
        case family
        case reunion
        case wellness

        var id: Self { self }
    }

    var reason: Reason

    init(name: String, destination: String, startDate: Date, endDate: Date, reason: Reason) {
        self.reason = reason
        super.init(name: name, destination: destination, startDate: startDate, endDate: endDate)
    }
}
