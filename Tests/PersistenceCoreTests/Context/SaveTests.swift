import Foundation
import PersistenceCore
import SampleModels
import Testing

@Suite("Saving")
struct SaveTests {
    @Test("Insert makes the context dirty; save writes and makes identifiers permanent")
    func insertAndSave() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: Date(timeIntervalSinceReferenceDate: 10))
            #expect(!context.hasChanges)
            context.insert(item)
            #expect(context.hasChanges)
            #expect(item.hasChanges)
            #expect(item.modelContext === context)
            #expect(context.insertedModels.count == 1)
            let temporary = item.persistentModelID
            #expect(temporary.isTemporary)
            try context.save()
            #expect(!context.hasChanges)
            #expect(!item.hasChanges)
            #expect(!item.persistentModelID.isTemporary)
            #expect((context.registeredModel(for: item.persistentModelID) as Item?) === item)
            // SwiftData: temporary identifiers "are only valid until an object is persisted".
            #expect((context.registeredModel(for: temporary) as Item?) == nil, "the old temporary identifier finds nothing, even here")
            #expect(throws: ModelError.modelNotFound(temporary)) { try context.existingModel(for: temporary, as: Item.self) }
            #expect(try context.fetchCount(FetchDescriptor<Item>()) == 1)
        }
    }

    @Test("A changed attribute is saved, and the context remembers what it saved")
    func update() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            context.insert(person)
            try context.save()
            person.age = 37
            #expect(context.changedModels.count == 1)
            try context.save()
            return person.persistentModelID
        }
        let other = container.newBackgroundContext()
        let age = try other.performAndWait { try other.existingModel(for: id, as: Person.self).age }
        #expect(age == 37)
    }

    @Test("Setting an attribute to the value it has does not dirty the context")
    func sameValue() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            context.insert(person)
            try context.save()
            person.age = 36
            #expect(!context.hasChanges)
        }
    }

    @Test("Delete removes the row at the next save")
    func delete() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            try context.save()
            context.delete(item)
            #expect(item.isDeleted)
            #expect(context.deletedModels.count == 1)
            #expect(try context.fetchCount(FetchDescriptor<Item>()) == 0, "pending deletions are left out of fetches")
            #expect(try context.fetchCount(FetchDescriptor<Item>(includePendingChanges: false)) == 1)
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<Item>(includePendingChanges: false)) == 0)
            #expect(!item.isDeleted, "isDeleted means a deletion is pending; once saved it is not")
            #expect(item.modelContext == nil)
        }
    }

    @Test("Deleting an unsaved model just forgets it")
    func deleteInserted() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            context.delete(item)
            #expect(!context.hasChanges)
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<Item>()) == 0)
        }
    }

    @Test("Rollback discards inserts, changes and deletions")
    func rollback() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let kept = Person(name: "Ada", age: 36, sex: "f")
            let doomed = Person(name: "Bob", age: 40, sex: "m")
            context.insert(kept)
            context.insert(doomed)
            try context.save()
            kept.age = 99
            context.delete(doomed)
            context.insert(Person(name: "Eve", age: 20, sex: "f"))
            context.rollback()
            #expect(!context.hasChanges)
            #expect(kept.age == 36)
            #expect(!doomed.isDeleted)
            #expect(try context.fetchCount(FetchDescriptor<Person>()) == 2)
        }
    }

    @Test("Reset forgets every registered model")
    func reset() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            try context.save()
            let id = item.persistentModelID
            context.insert(Item(timestamp: .now))
            context.reset()
            #expect(!context.hasChanges)
            #expect(context.registeredModel(for: id) as Item? == nil)
            #expect(item.modelContext == nil)
            let again = try context.existingModel(for: id, as: Item.self)
            #expect(again !== item, "a new instance: the old one was forgotten")
            #expect(try context.fetchCount(FetchDescriptor<Item>()) == 1)
        }
    }

    @Test("A unique attribute refuses a duplicate, and the whole save is rolled back")
    func uniqueConstraint() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let id = UUID()
            context.insert(Item(id: id, timestamp: .now))
            try context.save()
            context.insert(Item(timestamp: .now))
            context.insert(Item(id: id, timestamp: .now))
            let error = #expect(throws: ModelError.self) { try context.save() }
            // Core Data's default merge policy, .error: the constraint conflict names the models.
            #expect(error?.isConstraintConflict(entity: "Item", constraint: ["id"]) == true, "\(String(describing: error))")
            #expect(try context.fetchCount(FetchDescriptor<Item>(includePendingChanges: false)) == 1, "all or nothing")
            #expect(context.hasChanges, "the failed changes are still there to fix or roll back")
        }
    }

    @Test("obtainPermanentIdentifiers hands out permanent identifiers before the save, and the save keeps them")
    func permanentBeforeSave() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            try context.obtainPermanentIdentifiers(for: [item])
            let permanent = item.persistentModelID
            #expect(!permanent.isTemporary)
            try context.save()
            #expect(item.persistentModelID == permanent)
        }
    }

    @Test("Every attribute type survives a save and a fresh fetch")
    func allTypesRoundTrip() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let sample = AllTypes.sample()
        let id = try context.runAndWait {
            context.insert(sample)
            try context.save()
            return sample.persistentModelID
        }
        let other = container.newBackgroundContext()
        try other.performAndWait {
            let copy = try other.existingModel(for: id, as: AllTypes.self)
            #expect(copy.isEqual(to: AllTypes.sample()))
        }
    }
}

extension SaveTests {
    @Test("A string with NUL characters is stored whole")
    func nulCharacters() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let note = Note(title: "a\u{0}b", body: "\u{0}")
            context.insert(note)
            try context.save()
            return note.persistentModelID
        }
        let other = container.newBackgroundContext()
        let (title, body) = try other.performAndWait {
            let note = try other.existingModel(for: id, as: Note.self)
            return (note.title, note.body)
        }
        #expect(title == "a\u{0}b")
        #expect(body == "\u{0}")
    }
}

extension SaveTests {
    @Test("Deleting another context's model stops the process, naming both")
    func deleteForeignModel() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let first = container.newBackgroundContext(), second = container.newBackgroundContext()
            let item = Item(timestamp: .now)
            first.runAndWait { first.insert(item) }
            second.runAndWait { second.delete(item) }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("belongs to another context"))
    }

    /// Core Data's way to delete by identifier, `context.delete(context.object(with: id))`, never
    /// reads the row: the fault has no version to compare, so its deletion cannot conflict.
    ///
    ///     writer                          deleter
    ///     insert Ada, save (version 1)
    ///     age = 37, save (version 2)
    ///                                     model(for: id) → a fault, nothing read
    ///                                     delete it, save → the row is gone
    @Test("Deleting a fault from model(for:) deletes the row, under every merge policy", arguments: [
        MergePolicy.error, .mergeByPropertyStoreTrump, .mergeByPropertyObjectTrump, .overwrite, .rollback,
    ])
    func deleteUnreadFault(policy: MergePolicy) throws {
        // Given a row at version 2, and a context that only holds a fault for it
        let container = try makeContainer()
        let writer = container.newBackgroundContext()
        let id = try writer.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            writer.insert(person)
            try writer.save()
            person.age = 37
            try writer.save()
            return person.persistentModelID
        }
        let deleter = container.newBackgroundContext()
        deleter.mergePolicy = policy

        // When it deletes the fault and saves
        let (deleted, left) = try deleter.performAndWait {
            let fault = deleter.model(for: id)
            #expect(fault.isFault)
            deleter.delete(fault)
            #expect(fault.isDeleted)
            try deleter.save()
            return (fault.modelContext == nil, try deleter.fetchCount(FetchDescriptor<Person>()))
        }

        // Then the row is gone, with no conflict and nothing revived
        #expect(deleted)
        #expect(left == 0)
    }

    @Test("Deleting an object turned into a fault by refresh deletes the row, though others saved since")
    func deleteRefreshedFault() throws {
        // Given a context that read version 1, then refreshed without merging (forgetting what it read)
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            context.insert(person)
            try context.save()
            context.refresh(person, mergeChanges: false)
            // while a batch update moves the row to version 2
            try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 40]))

            // When it deletes the fault and saves
            context.delete(person)
            try context.save()

            // Then the row is gone
            #expect(try context.fetchCount(FetchDescriptor<Person>()) == 0)
        }
    }
}

extension SaveTests {
    @Test("A new object rolled back after obtainPermanentIdentifiers can be inserted again, and keeps its identifier")
    func reinsertAfterObtainingIdentifier() throws {
        // Given a new person with a permanent identifier, rolled back before any save
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let fay = Person(name: "Fay", age: 61, sex: "f")
            context.insert(fay)
            try context.obtainPermanentIdentifiers(for: [fay])
            let id = fay.persistentModelID
            context.rollback()
            #expect(fay.modelContext == nil)

            // When it is inserted again and saved
            context.insert(fay)
            try context.save()

            // Then its row is stored under the identifier it was given
            #expect(fay.persistentModelID == id)
            #expect(try context.existingModel(for: id, as: Person.self) === fay)
            #expect(try context.fetchCount(FetchDescriptor<Person>()) == 1)
        }
    }
}
