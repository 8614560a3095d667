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
        try context.runAndWait {
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

    @Test("Random predicates over random records fetch exactly the rows in-memory evaluation keeps")
    func randomPredicatesOverRandomRecords() throws {
        var splits: [PredicateExample.Split: Int] = [:]
        var kept = 0, checked = 0
        for dataSeed in UInt64(1)...40 {
            // Given a store of 30 random records
            let container = try RandomRecords.makeContainer(seed: dataSeed, count: 30)
            let context = ModelContext(container, concurrencyType: .privateQueue)
            try context.runAndWait {
                let everything = try context.fetch(FetchDescriptor<Record>())
                for predicateSeed in dataSeed * 1_000 + 1...dataSeed * 1_000 + 50 {
                    let predicate = RandomPredicates.make(seed: predicateSeed, depth: 3)
                    let expected = try everything.filter { try predicate.evaluate($0) }.map(\.persistentModelID)

                    // When the store filters with the translation
                    let fetched = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.persistentModelID)

                    // Then it keeps the same rows, in the same order
                    #expect(fetched == expected, "data seed \(dataSeed), predicate seed \(predicateSeed): \(RandomRecords.explain(predicate, fetched, expected, everything))")
                    #expect(try context.fetchCount(FetchDescriptor(predicate: predicate)) == expected.count,
                            "data seed \(dataSeed), predicate seed \(predicateSeed)")
                    splits[PredicateExample.Split(PredicateTranslator.translate(predicate)), default: 0] += 1
                    kept += expected.count
                    checked += everything.count
                }
            }
        }
        // And the predicates reach all three ways of splitting the work, keeping some rows and not others
        #expect(splits.count == 3, "\(splits)")
        #expect(kept > checked / 10 && kept < checked * 9 / 10, "kept \(kept) of \(checked) rows")
    }

    /// Found by random data: text stored decomposed ("e" + U+0301, as macOS file names are) is
    /// equal to the composed spelling in Swift. SQLite compares bytes, so the translator compares
    /// text with the `SWIFT` collation (see `SwiftText`), and both paths agree; the stored bytes
    /// stay as they were written.
    @Test("Text stored decomposed (NFD) matches its composed spelling in SQL as in memory, and round-trips byte for byte")
    func decomposedStoredText() throws {
        // Given a record whose name is "café" written with a combining accent
        let container = try ModelContainer(for: Record.self, configuration: .inMemory)
        let context = ModelContext(container, concurrencyType: .privateQueue)
        try context.performAndWait {
            context.insert(Record(name: "cafe\u{301}"))
            try context.save()

            // When a predicate compares it with the composed spelling, in memory and through SQL
            let predicate = #Predicate<Record> { $0.name == "café" }
            let inMemory = try context.fetch(FetchDescriptor<Record>()).filter { try predicate.evaluate($0) }
            let fetched = try context.fetch(FetchDescriptor(predicate: predicate))

            // Then both find it, and what is stored is still the decomposed spelling
            #expect(inMemory.count == 1)
            #expect(fetched.count == 1)
            #expect(try context.fetchCount(FetchDescriptor(predicate: predicate)) == 1)
            #expect(fetched.first.map { Array($0.name.unicodeScalars) } == Array("cafe\u{301}".unicodeScalars))
            let sorted = try context.fetch(FetchDescriptor<Record>(predicate: #Predicate { $0.name.contains("é") }))
            #expect(sorted.count == 1)
        }
    }
}
