import SwiftData
import Foundation

/// A bank account of the finance tracker; its payments go when it goes.
@Model
final class Account {
    @Attribute(.unique) var name: String
    var currencyCode: String = "EUR"
    var openedAt: Date = Date()
    @Relationship(deleteRule: .cascade, inverse: \Payment.account) var payments: [Payment] = []

    init(name: String, currencyCode: String = "EUR") {
        self.name = name
        self.currencyCode = currencyCode
    }
}
