import Foundation

/// The bank export the finance tests import.
enum SamplePayments {
    /// Each payee, and the category its payments are filed under.
    static let payees: [(title: String, category: Category)] = [
        ("Market", .groceries), ("Bistro", .dining), ("Train", .transport), ("Rent", .housing), ("Coffee", .other),
    ]

    /// `count` payments, one an hour from `day(0)`, going round the payees; amounts in whole
    /// cents, so that every sum is exact.
    static func records(_ count: Int) -> [PaymentRecord] {
        (0..<count).map { number in
            let payee = payees[number % payees.count]
            return PaymentRecord(title: payee.title, amount: Decimal(150 + number * 7) / 100,
                                 category: payee.category, date: day(0).addingTimeInterval(Double(number) * 3_600))
        }
    }

    /// What `records` add up to in each category, summed here without any store.
    static func totals(_ records: [PaymentRecord]) -> [Category: Decimal] {
        var totals: [Category: Decimal] = [:]
        for record in records {
            totals[record.category, default: 0] += record.amount
        }
        return totals
    }
}
