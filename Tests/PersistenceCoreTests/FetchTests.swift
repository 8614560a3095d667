import Foundation
import PersistenceCore
import Testing

@Suite("Fetching")
struct FetchTests {
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
