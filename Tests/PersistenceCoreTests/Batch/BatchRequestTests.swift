import Foundation
import PersistenceCore
import SampleModels
import Testing

@Suite("Batch requests")
struct BatchRequestTests {
    func seeded() throws -> (ModelContainer, [PersistentIdentifier]) {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let ids = try context.performAndWait {
            let people = [("Ada", 36, "f"), ("Bob", 40, "m"), ("Cy", 18, "m")].map { Person(name: $0.0, age: $0.1, sex: $0.2) }
            people.forEach(context.insert)
            try context.save()
            return people.map(\.persistentModelID)
        }
        return (container, ids)
    }

    @Test("A batch update changes matching rows in the store and bumps their versions")
    func update() throws {
        let (container, ids) = try seeded()
        let result = try container.execute(BatchUpdateRequest<Person>(predicate: #Predicate { $0.sex == "m" }, propertiesToUpdate: ["age": 50],
                                                                    resultType: .identifiers))
        #expect(Set(result.identifiers ?? []) == Set(ids[1...]))
        let context = container.newBackgroundContext()
        let ages = try context.performAndWait { try context.fetch(FetchDescriptor<Person>()).map(\.age) }
        #expect(ages == [36, 50, 50])
    }

    @Test("A batch update with a predicate SQL cannot express still picks the right rows")
    func inMemoryPredicate() throws {
        let (container, _) = try seeded()
        let result = try container.execute(BatchUpdateRequest<Person>(
            predicate: #Predicate { $0.name.count == 2 }, propertiesToUpdate: ["sex": "x"], resultType: .count))
        #expect(result == .count(1))
    }

    @Test("Unless asked for more, a batch request reports its status only, as Core Data's default result type")
    func statusOnlyByDefault() throws {
        let (container, _) = try seeded()
        #expect(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 1]).resultType == .statusOnly)
        #expect(BatchDeleteRequest<Person>().resultType == .statusOnly)
        #expect(try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 1])) == .status(true))
        #expect(try container.execute(BatchDeleteRequest<Person>(predicate: #Predicate { $0.age == 1 })) == .status(true))
    }

    @Test("Result types: status, identifiers, count")
    func resultTypes() throws {
        let (container, _) = try seeded()
        #expect(try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 1], resultType: .statusOnly)) == .status(true))
        #expect(try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 2], resultType: .count)) == .count(3))
        #expect(try container.execute(BatchDeleteRequest<Person>(predicate: #Predicate { $0.age == 2 }, resultType: .count)) == .count(3))
    }

    @Test("An unknown property or a wrong value type is a typed error, and nothing is written", arguments: [
        ["height": 180] as [String: any Sendable],
        ["age": "forty"],
        ["name": Optional<String>.none as any Sendable],
        [:],
    ])
    func invalid(_ properties: [String: any Sendable]) throws {
        let (container, ids) = try seeded()
        let error = #expect(throws: ModelError.self) {
            try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: properties))
        }
        guard case .invalidProperty? = error else {
            Issue.record("expected invalidProperty, got \(String(describing: error))")
            return
        }
        let context = container.newBackgroundContext()
        let ada = try context.performAndWait { try context.existingModel(for: ids[0], as: Person.self).age }
        #expect(ada == 36)
    }

    @Test("A batch delete removes the rows and reports their identifiers")
    func delete() throws {
        let (container, ids) = try seeded()
        let result = try container.execute(BatchDeleteRequest<Person>(predicate: #Predicate { $0.age < 39 }, resultType: .identifiers))
        #expect(Set(result.identifiers ?? []) == [ids[0], ids[2]])
        let context = container.newBackgroundContext()
        #expect(try context.performAndWait { try context.fetchCount(FetchDescriptor<Person>()) } == 1)
    }

    @Test("A context that holds the objects does not see a batch update until it merges")
    func bypassesContexts() throws {
        let (container, ids) = try seeded()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let ada = try context.existingModel(for: ids[0], as: Person.self)
            try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 99]))
            #expect(ada.age == 36, "the context's copy is stale")
            context.refresh(ada, mergeChanges: true)
            #expect(ada.age == 99)
        }
    }
}
