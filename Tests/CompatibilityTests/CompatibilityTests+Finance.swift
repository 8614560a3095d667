import Foundation
import PersistenceCore
import Testing

extension CompatibilityTests {
    @Suite("Finance: a background data actor")
    struct FinanceDataActorTests {
        /// The hours `SamplePayments.records` spans, and then some.
        private static let everything = (start: day(0), end: day(30))

        @Test("A background import saves in batches; the totals per category are exact")
        func importsAndTotals() async throws {
            let records = SamplePayments.records(120)
            let result = try await { () async throws -> (Int, [Category: Decimal]) in
                // Given a data actor made off the main actor (a private queue of its own)
                let finance = FinanceDataActor(modelContainer: try makeFinanceContainer())
                let checking = try await finance.account(named: "Checking")

                // When it imports the export in batches of 50, then sums it up
                try await finance.importPayments(records, into: checking, batchSize: 50)
                let count = try await finance.paymentCount()
                let totals = try await finance.totalsByCategory(from: Self.everything.start, to: Self.everything.end)
                return (count, totals)
            }()

            // Then every payment is stored, and the sums are the export's to the cent
            #expect(result.0 == 120)
            #expect(result.1 == SamplePayments.totals(records))
        }

        @Test("A #Predicate on an enum attribute finds one category, on the actor and on the main context")
        func predicateOnAnEnum() async throws {
            let records = SamplePayments.records(40)
            let result = try await { () async throws -> (Decimal, Int, Int) in
                let container = try makeFinanceContainer()
                let finance = FinanceDataActor(modelContainer: container)
                let checking = try await finance.account(named: "Checking")
                try await finance.importPayments(records, into: checking)
                let total = try await finance.total(in: .groceries)
                let onMain = try await MainActor.run { () throws -> Int in
                    let groceries = Category.groceries
                    let descriptor = FetchDescriptor<Payment>(predicate: #Predicate<Payment> { $0.category == groceries })
                    return try container.mainContext.fetchCount(descriptor)
                }
                let elsewhere = try await MainActor.run { () throws -> Int in
                    let groceries = Category.groceries
                    let descriptor = FetchDescriptor<Payment>(predicate: #Predicate<Payment> { $0.category != groceries })
                    return try container.mainContext.fetchCount(descriptor)
                }
                return (total, onMain, elsewhere)
            }()

            #expect(result.0 == SamplePayments.totals(records)[.groceries])
            #expect(result.1 == 8)
            #expect(result.2 == 32)
        }

        @Test("The actor's edits reach models the main context already holds once it merges (SwiftData's main context merges by itself)")
        func editsReachTheMainContextWhenItMerges() async throws {
            let categories = try await { () async throws -> [[Category]] in
                // Given payments the main context has fetched (so it holds them), merging other saves
                let container = try makeFinanceContainer()
                let finance = FinanceDataActor(modelContainer: container)
                let checking = try await finance.account(named: "Checking")
                try await finance.importPayments(SamplePayments.records(10), into: checking)
                let coffee = FetchDescriptor<Payment>(predicate: #Predicate<Payment> { $0.title == "Coffee" },
                                                      sortBy: [SortDescriptor(\Payment.date)])
                let before = try await MainActor.run { () throws -> [Category] in
                    try container.mainContext.fetch(coffee).map(\.category)  // it merges other saves by itself
                }

                // When the actor files them elsewhere and saves
                let moved = try await finance.recategorize(paymentsTitled: "Coffee", as: .dining)
                #expect(moved == 2)
                // (the merge was queued on the main queue by the save: a MainActor job after it runs after it)
                await MainActor.run {}

                // Then the main context's models show the new category, and the identifiers agree
                let ids = try await finance.paymentIdentifiers(in: .dining)
                let after = try await MainActor.run { () throws -> [Category] in
                    try container.mainContext.fetch(coffee).map(\.category)
                }
                let dining = await MainActor.run { () -> [Category] in
                    ids.compactMap { (container.mainContext.model(for: $0) as? Payment)?.category }
                }
                return [before, after, dining]
            }()

            #expect(categories[0] == [.other, .other])
            #expect(categories[1] == [.dining, .dining])
            #expect(categories[2] == [.dining, .dining, .dining, .dining], "two Bistro payments, two Coffee ones")
        }

        @Test("Deleting an account deletes its payments (.cascade)")
        func deleteCascades() async throws {
            let counts = try await { () async throws -> [Int] in
                let finance = FinanceDataActor(modelContainer: try makeFinanceContainer())
                let checking = try await finance.account(named: "Checking")
                let savings = try await finance.account(named: "Savings")
                try await finance.importPayments(SamplePayments.records(6), into: checking)
                try await finance.importPayments(SamplePayments.records(4), into: savings)
                let before = try await finance.paymentCount()
                try await finance.deleteAccount(checking)
                let after = try await finance.paymentCount()
                let savingsAgain = try await finance.account(named: "Savings")  // found, not made again
                return [before, after, savingsAgain == savings ? 1 : 0]
            }()

            #expect(counts == [10, 4, 1])
        }

        @Test("Wrong way here: a ModelContext made in a detached task and used in place, as SwiftData allows, has a private queue; every call is a violation")
        func contextUsedInTheTaskThatMadeIt() async throws {
            let container = try makeFinanceContainer()

            // SwiftData accepts this: the context stays in the task that made it. Here, as in
            // Core Data, ModelContext(container) off the main actor is bound to a private queue of
            // its own, and only code on that queue may use it.
            let (count, recorded) = try await ConcurrencyDebug.withMode(.record) {
                try await Task.detached { () throws -> Int in
                    let context = ModelContext(container)
                    let payment = Payment(title: "Coffee", amount: Decimal(350) / 100, category: .dining, date: day(1))
                    context.insert(payment)
                    payment.amount = Decimal(420) / 100
                    try context.save()
                    return try context.fetchCount(FetchDescriptor<Payment>())
                }.value
            }

            #expect(count == 1, "under .record the mistake still runs")
            let operations = recorded.map(\.operation)
            #expect(operations.contains("ModelContext.insert(_:)"))
            #expect(operations.contains("Payment.amount set"))
            #expect(operations.contains("ModelContext.save()"))
            #expect(operations.contains("ModelContext.fetchCount(_:)"))

            // The right way: the same code on the context's queue, or in FinanceDataActor.
            let (fixed, none) = try await ConcurrencyDebug.withMode(.record) {
                try await Task.detached { () throws -> Int in
                    let context = ModelContext(container)
                    return try context.performAndWait {
                        let payment = Payment(title: "Tea", amount: Decimal(300) / 100, category: .dining, date: day(2))
                        context.insert(payment)
                        payment.amount = Decimal(320) / 100
                        try context.save()
                        return try context.fetchCount(FetchDescriptor<Payment>())
                    }
                }.value
            }
            #expect(fixed == 2)
            #expect(none.isEmpty, "\(none)")
        }
    }
}
