import Foundation
import Testing
@testable import PersistenceCore

@Suite("Random predicates")
struct RandomPredicateTests {
    @Test("Random predicates fetch exactly the rows in-memory evaluation keeps")
    func randomPredicatesMatchInMemoryEvaluation() throws {
        // Given a store holding the fixture
        let container = try RecordFixture.makeContainer()
        let context = ModelContext(container, concurrencyType: .privateQueue)
        try context.performAndWait {
            let everything = try context.fetch(FetchDescriptor<Record>())
            var splits: [PredicateExample.Split: Int] = [:]
            for seed in UInt64(1)...500 {
                let predicate = RandomPredicates.make(seed: seed, depth: 3)
                let expected = try everything.filter { try predicate.evaluate($0) }.map(\.persistentModelID)

                // When the store filters with the translation
                let fetched = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.persistentModelID)

                // Then it keeps the same rows, in the same order
                #expect(fetched == expected, "seed \(seed): \(predicate)")
                #expect(try context.fetchCount(FetchDescriptor(predicate: predicate)) == expected.count, "seed \(seed)")
                splits[PredicateExample.Split(PredicateTranslator.translate(predicate)), default: 0] += 1
            }
            // And the seeds reach all three ways of splitting the work
            #expect(splits.count == 3, "\(splits)")
        }
    }
}
