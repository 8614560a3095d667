import Foundation
import PersistenceCore
import SampleModels
import Testing

@Suite("Fetching")
struct FetchTests {
    @Test("Empty fetches on several threads at once share nothing (ThreadSanitizer checks this in CI)")
    func concurrentEmptyFetches() async throws {
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let context = try makeContainer().newBackgroundContext()
                    return try context.performAndWait {
                        try (0..<200).reduce(0) { sum, _ in sum + (try context.fetch(FetchDescriptor<Item>())).count }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == [0, 0, 0, 0])
    }

    /// Five people, saved.
    func seeded() throws -> ModelContext {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            for (name, age, sex) in [("Ada", 36, "f"), ("Bob", 40, "m"), ("Cy", 18, "m"), ("Di", 52, "f"), ("Ed", 29, "m")] {
                context.insert(Person(name: name, age: age, sex: sex))
            }
            try context.save()
        }
        return context
    }

    @Test("A predicate, a sort, a limit and an offset work together")
    func predicateSortLimitOffset() throws {
        let context = try seeded()
        let names = try context.performAndWait {
            var descriptor = FetchDescriptor<Person>(predicate: #Predicate { $0.age > 20 }, sortBy: [SortDescriptor(\.age, order: .reverse)])
            descriptor.fetchLimit = 2
            descriptor.fetchOffset = 1
            return try context.fetch(descriptor).map(\.name)
        }
        #expect(names == ["Bob", "Ada"])
    }

    @Test("Without a sort, rows come in insertion order")
    func defaultOrder() throws {
        let context = try seeded()
        let names = try context.performAndWait { try context.fetch(FetchDescriptor<Person>()).map(\.name) }
        #expect(names == ["Ada", "Bob", "Cy", "Di", "Ed"])
    }

    @Test("fetchCount counts what fetch would return")
    func count() throws {
        let context = try seeded()
        try context.performAndWait { () throws in
            #expect(try context.fetchCount(FetchDescriptor<Person>()) == 5)
            #expect(try context.fetchCount(FetchDescriptor<Person>(predicate: #Predicate { $0.sex == "f" })) == 2)
            #expect(try context.fetchCount(FetchDescriptor<Person>(fetchLimit: 3)) == 3)
            #expect(try context.fetchCount(FetchDescriptor<Person>(fetchOffset: 4)) == 1)
        }
    }

    @Test("One instance per row: fetching twice returns the same objects")
    func uniquing() throws {
        let context = try seeded()
        try context.performAndWait {
            let first = try context.fetch(FetchDescriptor<Person>())
            let second = try context.fetch(FetchDescriptor<Person>())
            #expect(zip(first, second).allSatisfy { $0 === $1 })
        }
    }

    @Test("Unsaved inserts and changes count, as in SwiftData")
    func pendingChanges() throws {
        let context = try seeded()
        try context.performAndWait {
            context.insert(Person(name: "Fay", age: 61, sex: "f"))
            let bob = try #require(try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.name == "Bob" })).first)
            bob.sex = "f"
            let women = try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.sex == "f" }, sortBy: [SortDescriptor(\.age)]))
            #expect(women.map(\.name) == ["Ada", "Bob", "Di", "Fay"])
            let stored = try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.sex == "f" }, includePendingChanges: false))
            #expect(stored.count == 2)
        }
    }

    @Test("delete(model:where:) marks every match for deletion")
    func deleteWhere() throws {
        let context = try seeded()
        try context.performAndWait {
            try context.delete(model: Person.self, where: #Predicate { $0.sex == "m" })
            #expect(context.deletedModels.count == 3)
            try context.save()
            #expect(try context.fetch(FetchDescriptor<Person>()).map(\.name) == ["Ada", "Di"])
        }
    }

    @Test("A registered model keeps its unsaved values when fetched again")
    func refetchKeepsChanges() throws {
        let context = try seeded()
        try context.performAndWait {
            let ada = try #require(try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.name == "Ada" })).first)
            ada.age = 100
            let again = try #require(try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.name == "Ada" })).first)
            #expect(again === ada)
            #expect(again.age == 100)
        }
    }
}

extension FetchTests {
    /// Core Data's rule for `includesPendingChanges`: objects with unsaved changes are judged by
    /// their values in memory, every other object by its row in the store. A stale copy (the store
    /// changed behind the context's back) is matched by what the store holds, so a fetch's answer
    /// does not depend on whether some unrelated object happens to have unsaved changes.
    ///
    ///     context                               store
    ///     fetch Ada (name "Ada", age 36)
    ///                                           batch update: name "Adam", age 40
    ///     insert Fay (unsaved), or not
    ///     fetch age == 40          → Ada (the store says 40; her copy still says 36)
    ///     fetch name.count == 4    → Ada (evaluated in memory, on the stored row)
    @Test("An unchanged, stale object is judged by the store, with or without other unsaved changes", arguments: [false, true])
    func staleObjectsAreJudgedByTheStore(withUnrelatedChange: Bool) throws {
        // Given a context holding Ada, whose row a batch update changed behind its back
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let ada = Person(name: "Ada", age: 36, sex: "f")
            context.insert(ada)
            try context.save()
            try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["name": "Adam", "age": 40]))
            if withUnrelatedChange { context.insert(Person(name: "Fay", age: 61, sex: "f")) }

            // When it fetches by the stored values, through SQL and in memory
            let byAge = try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.age == 40 }))
            let byOldAge = try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.age == 36 }))
            let byNameLength = try context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.name.count == 4 }))

            // Then the store decides for Ada, whose copy is still the old one
            #expect(byAge.map(\.name) == ["Ada"])
            #expect(byOldAge.isEmpty)
            #expect(byNameLength.map(\.name) == ["Ada"])
            #expect(ada.age == 36, "fetching does not refresh a registered object")
        }
    }
}
