import SwiftData
import Foundation

/// A trip for work: a `@Model` subclass with a property of its own.
@Model
class BusinessTrip: Trip {
    var perdiem: Double = 0.0
    var company: String

    init(name: String, destination: String, startDate: Date, endDate: Date, company: String, perdiem: Double) {
        self.company = company
        self.perdiem = perdiem
        super.init(name: name, destination: destination, startDate: startDate, endDate: endDate)
    }
}
