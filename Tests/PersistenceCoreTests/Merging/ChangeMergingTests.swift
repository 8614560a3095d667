import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

@Suite("Did-save changes and merging")
struct ChangeMergingTests {
    @Test("Every save yields its inserted, updated and deleted identifiers on container.changes")
    func changesStream() async throws {
        let container = try makeContainer()
        var changes = container.changes.makeAsyncIterator()
        let context = container.newBackgroundContext()
        let (first, second) = try await context.perform {
            let a = Person(name: "Ada", age: 36, sex: "f"), b = Person(name: "Bob", age: 40, sex: "m")
            context.insert(a)
            context.insert(b)
            try context.save()
            a.age = 37
            context.delete(b)
            try context.save()
            return (a.persistentModelID, b.persistentModelID)
        }
        let inserted = await changes.next()
        #expect(inserted == ModelContext.Changes(inserted: [first, second]))
        let edited = await changes.next()
        #expect(edited == ModelContext.Changes(updated: [first], deleted: [second]))
    }

    @Test("didSave is posted with the context and changes that decode from userInfo")
    func notification() async throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let received = Locked<[ModelContext.Changes]>([])
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
            if let changes = ModelContext.Changes(notification: note) { received.withLock { $0.append(changes) } }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let id = try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            try context.save()
            return item.persistentModelID
        }
        #expect(received.value == [ModelContext.Changes(inserted: [id])])
    }

    @Test("A background save is invisible to the main context until merged by hand")
    @MainActor
    func manualMerge() async throws {
        let container = try makeContainer()
        let main = container.viewContext
        let ada = Person(name: "Ada", age: 36, sex: "f")
        main.insert(ada)
        try main.save()
        let id = ada.persistentModelID
        let background = container.newBackgroundContext()
        let changes = try await background.perform {
            let person = try background.existingModel(for: id, as: Person.self)
            person.age = 37
            background.insert(Person(name: "Bob", age: 40, sex: "m"))
            try background.save()
            return ModelContext.Changes(updated: [id])
        }
        #expect(ada.age == 36, "not merged yet")
        main.mergeChanges(fromContextDidSave: changes)
        #expect(ada.age == 37)
        #expect(try main.fetchCount(FetchDescriptor<Person>()) == 2, "inserted rows are fetchable")
    }

    @Test("Core Data's mergeChanges(fromContextDidSave:) takes the didSave notification itself; another notification merges nothing")
    func mergeFromTheNotification() throws {
        let container = try makeContainer()
        let mine = container.newBackgroundContext(), theirs = container.newBackgroundContext()
        let id = try mine.performAndWait {
            let ada = Person(name: "Ada", age: 36, sex: "f")
            mine.insert(ada)
            try mine.save()
            return ada.persistentModelID
        }
        let saved = Locked<Notification?>(nil)
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: theirs, queue: nil) { note in
            saved.withLock { $0 = note }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try theirs.performAndWait {
            try theirs.existingModel(for: id, as: Person.self).age = 37
            try theirs.save()
        }
        let notification = try #require(saved.withLock { $0 })
        let ages = try mine.runAndWait { () throws -> [Int] in
            let ada = try mine.existingModel(for: id, as: Person.self)
            mine.mergeChanges(fromContextDidSave: Notification(name: Notification.Name("Unrelated"), object: nil))
            let before = ada.age
            mine.mergeChanges(fromContextDidSave: notification)
            return [before, ada.age]
        }
        #expect(ages == [36, 37])
    }

    @Test("Merging keeps the receiving context's own unsaved changes on top")
    func mergeKeepsLocalChanges() throws {
        let container = try makeContainer()
        let mine = container.newBackgroundContext()
        let theirs = container.newBackgroundContext()
        let (id, ada) = try mine.performAndWait {
            let ada = Person(name: "Ada", age: 36, sex: "f")
            mine.insert(ada)
            try mine.save()
            ada.name = "Ada L."  // unsaved, local
            return (ada.persistentModelID, UncheckedBox(ada))
        }
        let changes = try theirs.performAndWait {
            try theirs.existingModel(for: id, as: Person.self).age = 50
            try theirs.save()
            return ModelContext.Changes(updated: [id])
        }
        try mine.performAndWait {
            mine.mergeChanges(fromContextDidSave: changes)
            #expect(ada.value.age == 50)
            #expect(ada.value.name == "Ada L.")
            try mine.save()  // no conflict: the merge updated the version this context knows
        }
    }

    /// A container whose view context merges every save by itself, and Ada, saved there.
    @MainActor
    func adaInAnAutoMergingViewContext() throws -> (ModelContainer, ModelContext, Person) {
        let container = try makeContainer()
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true
        let ada = Person(name: "Ada", age: 36, sex: "f")
        main.insert(ada)
        try main.save()
        return (container, main, ada)
    }

    @Test("automaticallyMergesChangesFromParent merges every other save into the main context")
    @MainActor
    func automaticMerge() async throws {
        let (container, main, ada) = try adaInAnAutoMergingViewContext()
        let id = ada.persistentModelID

        // Wait for the merge deterministically: it is enqueued on the main queue in save order,
        // so a block enqueued on the main queue after the save runs after the merge.
        let background = container.newBackgroundContext()
        try await background.perform {
            try background.existingModel(for: id, as: Person.self).age = 41
            try background.save()
        }
        await main.perform(schedule: .enqueued) {}
        #expect(ada.age == 41)
    }

    @Test("A batch delete bypasses even an auto-merging context, and posts no didSave")
    @MainActor
    func batchDeleteNotMerged() async throws {
        // Given Ada, saved and registered in an auto-merging main context
        let (container, main, ada) = try adaInAnAutoMergingViewContext()
        let posted = Locked(0)
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) { note in
            if note.object == nil { posted.withLock { $0 += 1 } }
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        // When a batch deletes every person
        let result = try await Task.detached { try container.execute(BatchDeleteRequest<Person>(predicate: nil, resultType: .identifiers)) }.value
        await main.perform(schedule: .enqueued) {}  // after any merge a save would have enqueued

        // Then nothing was posted and the main context still holds Ada, readable
        #expect(posted.withLock { $0 } == 0)
        #expect(result.identifiers == [ada.persistentModelID])
        #expect(main.registeredModel(for: ada.persistentModelID) as Person? === ada)
        #expect(ada.name == "Ada")
    }

    @Test("mergeChanges(fromRemoteContextSave:into:) merges a batch's result into each context, on its queue")
    @MainActor
    func remoteMergeOfABatch() async throws {
        // Given Ada and Bob registered in the main context and in a background context
        let container = try makeContainer()
        let main = container.viewContext
        let (ada, bob) = (Person(name: "Ada", age: 36, sex: "f"), Person(name: "Bob", age: 40, sex: "m"))
        main.insert(ada)
        main.insert(bob)
        try main.save()
        let (adaID, bobID) = (ada.persistentModelID, bob.persistentModelID)
        let background = container.newBackgroundContext()
        try background.performAndWait {
            _ = try background.existingModel(for: adaID, as: Person.self)
            _ = try background.existingModel(for: bobID, as: Person.self)
        }

        // When a batch updates Ada and another deletes Bob, and both results are merged by hand
        let updated = try container.execute(BatchUpdateRequest<Person>(predicate: #Predicate { $0.name == "Ada" }, propertiesToUpdate: ["age": 37], resultType: .identifiers))
        let deleted = try container.execute(BatchDeleteRequest<Person>(predicate: #Predicate { $0.name == "Bob" }, resultType: .identifiers))
        let changes = ModelContext.Changes(updated: Set(updated.identifiers ?? []), deleted: Set(deleted.identifiers ?? []))
        let (_, violations) = await ConcurrencyDebug.withMode(.record) { @Sendable () async in
            ModelContext.mergeChanges(fromRemoteContextSave: changes, into: [main, background])
        }

        // Then each context shows the store, and no merge ran off its context's queue
        #expect(violations.isEmpty)
        #expect(ada.age == 37)
        #expect(main.registeredModel(for: bobID) as Person? == nil)
        #expect(bob.modelContext == nil && !bob.isDeleted)
        #expect(try background.performAndWait { try background.existingModel(for: adaID, as: Person.self).age } == 37)
        #expect(background.performAndWait { background.registeredModel(for: bobID) as Person? == nil })
    }

    @Test("refresh without merging discards unsaved changes and turns the object into a fault")
    func refreshDiscarding() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let ada = Person(name: "Ada", age: 36, sex: "f")
            context.insert(ada)
            try context.save()
            ada.age = 99
            context.refresh(ada, mergeChanges: false)
            #expect(ada.isFault)
            #expect(!context.hasChanges)
            #expect(ada.age == 36)
        }
    }

    @Test("refreshAllObjects brings every registered object up to date")
    func refreshAll() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let ada = Person(name: "Ada", age: 36, sex: "f")
            context.insert(ada)
            try context.save()
            try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["sex": "x"]))
            context.refreshAllObjects()
            #expect(ada.sex == "x")
        }
    }
}

extension ChangeMergingTests {
    /// A new object has no row to reload from, even once `obtainPermanentIdentifiers` gave it a
    /// permanent identifier: refreshing it must leave it as it is, pending insert included.
    @Test("refresh leaves a new object alone, even one with a permanent identifier", arguments: [false, true])
    func refreshNewObject(mergeChanges: Bool) throws {
        // Given a new, unsaved person with a permanent identifier
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let fay = Person(name: "Fay", age: 61, sex: "f")
            context.insert(fay)
            try context.obtainPermanentIdentifiers(for: [fay])
            #expect(!fay.persistentModelID.isTemporary)

            // When it is refreshed
            context.refresh(fay, mergeChanges: mergeChanges)

            // Then it is still a new object with its values, and the save inserts it
            #expect(!fay.isFault)
            #expect(!fay.isDeleted)
            #expect(fay.modelContext === context)
            #expect(context.insertedModels.count == 1)
            #expect(fay.age == 61)
            try context.save()
            #expect(try context.fetch(FetchDescriptor<Person>()).map(\.name) == ["Fay"])
        }
    }
}
