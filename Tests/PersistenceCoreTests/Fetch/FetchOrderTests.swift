import Foundation
import Testing
@testable import PersistenceCore

@Suite("Fetch order")
struct FetchOrderTests {
    @Test("Rows filtered partly in memory still come back by primary key, even when SQLite reads an index")
    func partialTranslationKeepsPrimaryKeyOrder() throws {
        // Given tags saved in an order that is not their names' order
        let container = try ModelContainer(for: Tag.self, configuration: .inMemory)
        let context = ModelContext(container, concurrencyType: .privateQueue)
        try context.performAndWait {
            for (rank, name) in ["d", "b", "c", "a"].enumerated() {
                context.insert(Tag(name: name, rank: rank % 2))
            }
            try context.save()

            // When SQL filters by the unique (indexed) name and memory does the rest
            let predicate = #Predicate<Tag> { $0.name > "a" && $0.nameLength == 1 }
            #expect(!PredicateTranslator.translate(predicate).isComplete)
            let unsorted = try context.fetch(FetchDescriptor(predicate: predicate))
            let byRank = try context.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.rank)]))

            // Then the order is the primary key's, and ties in a sort keep it, as in a full SQL fetch
            #expect(unsorted.map(\.name) == ["d", "b", "c"])
            #expect(byRank.map(\.name) == ["d", "c", "b"])
        }
    }
}
