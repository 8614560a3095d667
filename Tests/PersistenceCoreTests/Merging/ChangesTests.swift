import Foundation
import PersistenceCore
import SampleModels
import Synchronization
import Testing

/// `ModelContext.Changes` of a batch request hold primary keys until someone reads them: the
/// sets must still be exactly the rows changed, for every reader, on every thread.
@Suite("Changes")
struct ChangesTests {
    /// A container with `count` saved items, and their identifiers.
    private func store(_ count: Int) throws -> (ModelContainer, Set<PersistentIdentifier>) {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let identifiers = try context.performAndWait {
            let items = (0..<count).map { Item(timestamp: .now, count: $0) }
            items.forEach(context.insert)
            try context.save()
            return Set(items.map(\.persistentModelID))
        }
        return (container, identifiers)
    }

    @Test("A batch update's changes list exactly the updated rows, for every reader")
    func batchChangesAreTheRows() async throws {
        let (container, identifiers) = try store(300)
        let subscription = container.changes
        try container.execute(BatchUpdateRequest<Item>(predicate: #Predicate { $0.count < 200 }, propertiesToUpdate: ["title": "x"]))
        var iterator = subscription.makeAsyncIterator()
        let changes = try #require(await iterator.next())
        let reader = container.newBackgroundContext()
        let expected = try reader.performAndWait {
            Set(try reader.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.count < 200 })).map(\.persistentModelID))
        }
        #expect(expected.count == 200)
        #expect(changes.updated == expected)
        #expect(changes.updated.isSubset(of: identifiers))
        #expect(changes.inserted.isEmpty && changes.deleted.isEmpty)
        #expect(!changes.isEmpty)
    }

    @Test("A save's inserted set holds every new row's permanent identifier, of every entity")
    func saveInsertsOfSeveralEntities() async throws {
        let container = try makeContainer()
        let subscription = container.changes
        let context = container.newBackgroundContext()
        let saved = try context.performAndWait { () throws -> Set<PersistentIdentifier> in
            let items = (0..<50).map { Item(timestamp: .now, count: $0) }
            let people = (0..<30).map { Person(name: "p\($0)", age: $0, sex: "f") }
            // Interleaved, so the new rows of one entity do not come in one run.
            for (item, person) in zip(items, people) {
                context.insert(item)
                context.insert(person)
            }
            items.dropFirst(30).forEach(context.insert)
            try context.save()
            return Set(items.map(\.persistentModelID) + people.map(\.persistentModelID))
        }
        var iterator = subscription.makeAsyncIterator()
        let changes = try #require(await iterator.next())
        #expect(saved.allSatisfy { !$0.isTemporary })
        #expect(changes.inserted == saved)
        #expect(changes.inserted.count == 80)
        #expect(changes.updated.isEmpty && changes.deleted.isEmpty)
    }

    @Test("Readers on several threads at once all get the same set")
    func concurrentReadersAgree() async throws {
        let (container, _) = try store(2_000)
        let subscription = container.changes
        try container.execute(BatchDeleteRequest<Item>(predicate: #Predicate { $0.count >= 1_000 }))
        var iterator = subscription.makeAsyncIterator()
        let changes = try #require(await iterator.next())
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { changes.deleted.count } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 1_000, count: 8))
    }

    @Test("Changes read from a notification's userInfo, in either form, and compare by their sets")
    func userInfoForms() throws {
        let store = UUID()
        let id = PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .permanent(primaryKey: 1))
        let changes = ModelContext.Changes(inserted: [], updated: [id], deleted: [])
        #expect(ModelContext.Changes(userInfo: changes.userInfo) == changes)
        let threeSets: [AnyHashable: Any] = ["inserted": Set<PersistentIdentifier>(), "updated": Set([id]), "deleted": Set<PersistentIdentifier>()]
        #expect(ModelContext.Changes(userInfo: threeSets) == changes)
        #expect(ModelContext.Changes(userInfo: ["something": 1]) == nil)
        let decoded = try JSONDecoder().decode(ModelContext.Changes.self, from: JSONEncoder().encode(changes))
        #expect(decoded == changes)
        #expect(decoded.hashValue == changes.hashValue)
    }
}
