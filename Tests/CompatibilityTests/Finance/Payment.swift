import SwiftData
import Foundation

/// One transaction of an account: money is a `Decimal`, never a `Double`.
@Model
final class Payment {
    var title: String
    var amount: Decimal
    var category: Category = .other
    var date: Date
    var note: String?
    var receiptURL: URL?
    var account: Account?

    init(title: String, amount: Decimal, category: Category = .other, date: Date) {
        self.title = title
        self.amount = amount
        self.category = category
        self.date = date
    }
}
