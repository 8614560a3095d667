import SwiftData
import Foundation

/// A payment as a bank's export lists it, decoded off the main actor and handed to
/// ``FinanceDataActor`` to import.
struct PaymentRecord: Sendable, Codable, Hashable {
    var title: String
    var amount: Decimal
    var category: Category
    var date: Date
}
