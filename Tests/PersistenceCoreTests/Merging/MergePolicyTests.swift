import Foundation
import PersistenceCore
import SampleModels
import Testing

/// Article 003's example: a Person with name, age and sex. The context changes name and age; a
/// batch update changes age and sex behind its back; then the context saves.
///
///     main queue                          store
///     fetch Ada (36, f), version 1
///                                         batch update age = 30, sex = "x" → version 2
///     name = "Ada L.", age = 40
///     save → conflict on version 1 vs 2 → the merge policy decides
@Suite("Merge policies")
struct MergePolicyTests {
    struct Outcome: Equatable {
        var name: String
        var age: Int
        var sex: String
    }

    /// Runs the example under `policy`; returns what memory and the store hold after the save.
    func runExample(_ policy: MergePolicy) throws -> (memory: Outcome, store: Outcome, error: ModelError?) {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        context.mergePolicy = policy
        return try context.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            context.insert(person)
            try context.save()
            try container.execute(BatchUpdateRequest<Person>(predicate: nil, propertiesToUpdate: ["age": 30, "sex": "x"]))
            person.name = "Ada L."
            person.age = 40
            var failure: ModelError?
            do { try context.save() } catch let error as ModelError { failure = error }
            let memory = Outcome(name: person.name, age: person.age, sex: person.sex)
            let fresh = container.newBackgroundContext()
            let store = try fresh.runAndWait {
                let stored = try fresh.existingModel(for: person.persistentModelID, as: Person.self)
                return Outcome(name: stored.name, age: stored.age, sex: stored.sex)
            }
            return (memory, store, failure)
        }
    }

    @Test(".error throws the conflict and writes nothing")
    func error() throws {
        let (memory, store, error) = try runExample(.error)
        guard case .mergeConflict(let conflicts)? = error else {
            Issue.record("expected mergeConflict, got \(String(describing: error))")
            return
        }
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        #expect(conflict.oldVersionNumber == 1)
        #expect(conflict.newVersionNumber == 2)
        #expect(conflict.objectSnapshot["name"] == .text("Ada L."))
        #expect(conflict.objectSnapshot["age"] == .integer(40))
        #expect(conflict.cachedSnapshot["age"] == .integer(36))
        #expect(conflict.persistedSnapshot?["age"] == .integer(30))
        #expect(conflict.persistedSnapshot?["sex"] == .text("x"))
        #expect(store == Outcome(name: "Ada", age: 30, sex: "x"), "nothing written")
        #expect(memory == Outcome(name: "Ada L.", age: 40, sex: "f"), "memory keeps the unsaved changes")
    }

    @Test(".mergeByPropertyStoreTrump: the store wins where both changed; other in-memory changes stay")
    func storeTrump() throws {
        let (memory, store, error) = try runExample(.mergeByPropertyStoreTrump)
        #expect(error == nil)
        #expect(store == Outcome(name: "Ada L.", age: 30, sex: "x"))
        #expect(memory == store)
    }

    @Test(".mergeByPropertyObjectTrump: memory wins where both changed; other store changes stay (article 003's result)")
    func objectTrump() throws {
        let (memory, store, error) = try runExample(.mergeByPropertyObjectTrump)
        #expect(error == nil)
        #expect(store == Outcome(name: "Ada L.", age: 40, sex: "x"))
        #expect(memory == store)
    }

    @Test(".overwrite writes the whole in-memory object over the store's row")
    func overwrite() throws {
        let (memory, store, error) = try runExample(.overwrite)
        #expect(error == nil)
        #expect(store == Outcome(name: "Ada L.", age: 40, sex: "f"))
        #expect(memory == store)
    }

    @Test(".rollback discards the object's unsaved changes in favour of the store")
    func rollback() throws {
        let (memory, store, error) = try runExample(.rollback)
        #expect(error == nil)
        #expect(store == Outcome(name: "Ada", age: 30, sex: "x"))
        #expect(memory == store)
    }

    @Test("A custom policy decides the values itself")
    func custom() throws {
        let policy = MergePolicy.custom { conflicts in
            // Keep the in-memory name, the larger age, and the store's sex.
            Dictionary(uniqueKeysWithValues: conflicts.map { conflict in
                let mine = conflict.objectSnapshot["age"], theirs = conflict.persistedSnapshot?["age"]
                let age: SQLiteValue = if case .integer(let a)? = mine, case .integer(let b)? = theirs { .integer(max(a, b)) } else { .null }
                return (conflict.identifier, ["name": conflict.objectSnapshot["name"]!, "age": age])
            })
        }
        let (memory, store, error) = try runExample(policy)
        #expect(error == nil)
        #expect(store == Outcome(name: "Ada L.", age: 40, sex: "x"))
        #expect(memory == store)
    }

    @Test("A custom policy's value the store would not keep as given is refused, and nothing is written", arguments: [
        ["height": SQLiteValue.integer(180)], ["age": .text("forty")], ["name": .null], ["age": .real(.nan)],
    ])
    func customValuesAreChecked(values: [String: SQLiteValue]) throws {
        let (_, store, error) = try runExample(.custom { conflicts in
            Dictionary(uniqueKeysWithValues: conflicts.map { ($0.identifier, values) })
        })
        guard case .invalidProperty(entity: "Person", let property, _)? = error else {
            Issue.record("expected invalidProperty, got \(String(describing: error))")
            return
        }
        #expect(property == values.keys.first)
        #expect(store == Outcome(name: "Ada", age: 30, sex: "x"), "the batch's row, untouched by the refused save")
    }

    @Test("Two contexts editing one row: the second save conflicts")
    func twoContexts() throws {
        let container = try makeContainer()
        let first = container.newBackgroundContext()
        let second = container.newBackgroundContext()
        // first                         second
        // insert Ada, save (v1)
        //                               fetch Ada (v1)
        // age = 37, save (v2)
        //                               age = 50, save → conflict (v1 vs v2)
        let id = try first.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            first.insert(person)
            try first.save()
            return person.persistentModelID
        }
        let theirs = try second.performAndWait { UncheckedBox(try second.existingModel(for: id, as: Person.self)) }
        try first.performAndWait {
            try first.existingModel(for: id, as: Person.self).age = 37
            try first.save()
        }
        try second.performAndWait {
            theirs.value.age = 50
            #expect(throws: ModelError.self) { try second.save() }
            second.mergePolicy = .mergeByPropertyObjectTrump
            try second.save()
            #expect(theirs.value.age == 50)
        }
        let age = try first.performAndWait {
            let person = try first.existingModel(for: id, as: Person.self)
            first.refresh(person, mergeChanges: true)
            return person.age
        }
        #expect(age == 50)
    }

    @Test("A row deleted behind the context's back is a conflict with version 0")
    func deletedRow() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            context.insert(person)
            try context.save()
            try container.execute(BatchDeleteRequest<Person>(predicate: nil))
            person.age = 37
            let error = #expect(throws: ModelError.self) { try context.save() }
            guard case .mergeConflict(let conflicts)? = error else {
                Issue.record("expected mergeConflict, got \(String(describing: error))")
                return
            }
            #expect(conflicts.first?.newVersionNumber == 0)
            #expect(conflicts.first?.persistedSnapshot == nil)
            context.mergePolicy = .mergeByPropertyObjectTrump
            try context.save()
            #expect(person.modelContext == nil && !person.isDeleted, "the store's deletion stands: the object left the context")
            #expect(try context.fetchCount(FetchDescriptor<Person>()) == 0)
        }
    }
}
