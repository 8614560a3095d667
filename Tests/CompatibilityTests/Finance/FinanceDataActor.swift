import SwiftData
import Foundation

/// The finance tracker's background worker: imports a bank's export and sums it up on a context
/// of its own, so the main actor stays free. Identifiers and values cross its boundary, never
/// an `Account` or a `Payment`.
@ModelActor
actor FinanceDataActor {
    /// Why an import could not start.
    enum ImportError: Error {
        case accountNotFound
    }

    /// The identifier of the account called `name`, which is created if there is none.
    func account(named name: String, currencyCode: String = "EUR") throws -> PersistentIdentifier {
        var descriptor = FetchDescriptor<Account>(predicate: #Predicate<Account> { $0.name == name })
        descriptor.fetchLimit = 1
        if let existing = try modelContext.fetch(descriptor).first {
            return existing.persistentModelID
        }
        let account = Account(name: name, currencyCode: currencyCode)
        modelContext.insert(account)
        try modelContext.save()
        return account.persistentModelID
    }

    /// Imports `records` into account `accountID`, saving every `batchSize` payments; returns
    /// how many were imported.
    @discardableResult
    func importPayments(_ records: [PaymentRecord], into accountID: PersistentIdentifier, batchSize: Int = 50) throws -> Int {
        guard let account = self[accountID, as: Account.self] else { throw ImportError.accountNotFound }
        for start in stride(from: 0, to: records.count, by: batchSize) {
            let batch = records[start..<min(start + batchSize, records.count)]
            try modelContext.transaction {
                for record in batch {
                    let payment = Payment(title: record.title, amount: record.amount, category: record.category, date: record.date)
                    modelContext.insert(payment)
                    payment.account = account
                }
            }
        }
        return records.count
    }

    /// What was spent in each category from `start` (included) to `end` (excluded).
    func totalsByCategory(from start: Date, to end: Date) throws -> [Category: Decimal] {
        let descriptor = FetchDescriptor<Payment>(predicate: #Predicate<Payment> { $0.date >= start && $0.date < end })
        var totals: [Category: Decimal] = [:]
        for payment in try modelContext.fetch(descriptor) {
            totals[payment.category, default: 0] += payment.amount
        }
        return totals
    }

    /// What was spent in `category`, ever.
    func total(in category: Category) throws -> Decimal {
        let descriptor = FetchDescriptor<Payment>(predicate: #Predicate<Payment> { $0.category == category })
        return try modelContext.fetch(descriptor).reduce(Decimal.zero) { $0 + $1.amount }
    }

    /// The payments of `category`, oldest first, as identifiers for another context to look up.
    func paymentIdentifiers(in category: Category) throws -> [PersistentIdentifier] {
        let descriptor = FetchDescriptor<Payment>(predicate: #Predicate<Payment> { $0.category == category },
                                                  sortBy: [SortDescriptor(\Payment.date)])
        return try modelContext.fetchIdentifiers(descriptor)
    }

    /// Files every payment called `title` under `category`; returns how many moved.
    func recategorize(paymentsTitled title: String, as category: Category) throws -> Int {
        let payments = try modelContext.fetch(FetchDescriptor<Payment>(predicate: #Predicate<Payment> { $0.title == title }))
        for payment in payments {
            payment.category = category
        }
        try modelContext.save()
        return payments.count
    }

    /// How many payments are stored, every account's together.
    func paymentCount() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<Payment>())
    }

    /// Deletes account `id`, and its payments with it.
    func deleteAccount(_ id: PersistentIdentifier) throws {
        guard let account = self[id, as: Account.self] else { return }
        modelContext.delete(account)
        try modelContext.save()
    }
}
