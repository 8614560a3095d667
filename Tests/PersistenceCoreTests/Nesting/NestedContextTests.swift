import Foundation
import PersistenceCore
import SampleModels
import Testing

/// Core Data's nested contexts: a child reads through its parent and saves into it, one level up;
/// the root's save writes the store.
@Suite("Nested contexts")
struct NestedContextTests {
    static func item(_ title: String, count: Int = 0) -> Item {
        Item(timestamp: Date(timeIntervalSince1970: 0), title: title, count: count)
    }

    /// A container with items "a", "b" and "c" saved, and a private parent context.
    func stack() throws -> (container: ModelContainer, parent: ModelContext, ids: [String: PersistentIdentifier]) {
        let container = try ModelContainer(for: Item.self, Trip.self, configuration: .inMemory)
        let seed = container.newBackgroundContext()
        let ids = try seed.performAndWait {
            let items = ["a", "b", "c"].map { Self.item($0) }
            for item in items { seed.insert(item) }
            try seed.save()
            return Dictionary(uniqueKeysWithValues: items.map { ($0.title ?? "", $0.persistentModelID) })
        }
        return (container, container.newBackgroundContext(), ids)
    }

    /// Every title the store holds, read by a context of its own.
    func storedTitles(_ container: ModelContainer) throws -> [String] {
        let reader = container.newBackgroundContext()
        return try reader.performAndWait {
            try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).compactMap(\.title)
        }
    }

    @Test("A child sees its parent's unsaved changes: a new model, a changed one (by its new value), not a deleted one")
    func childSeesParentsUnsavedChanges() throws {
        let (container, parent, ids) = try stack()
        try parent.performAndWait {
            parent.insert(Self.item("new"))
            try parent.existingModel(for: ids["b"]!, as: Item.self).title = "b changed"
            parent.delete(try parent.existingModel(for: ids["c"]!, as: Item.self))
        }
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        #expect(child.parent === parent)
        try child.performAndWait { () throws in
            let titles = try child.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).compactMap(\.title)
            #expect(titles == ["a", "b changed", "new"])
            // Judged by the parent's values, not the store's: "b" no longer matches, "b changed" does.
            #expect(try child.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.title == "b" })).isEmpty)
            #expect(try child.fetchCount(FetchDescriptor<Item>(predicate: #Predicate { $0.title == "b changed" })) == 1)
            #expect(try child.existingModel(for: ids["b"]!, as: Item.self).title == "b changed")
            #expect(throws: ModelError.modelNotFound(ids["c"]!)) { try child.existingModel(for: ids["c"]!, as: Item.self) }
            let new = try #require(try child.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.title == "new" })).first)
            #expect(new.persistentModelID.isTemporary)
        }
        #expect(try storedTitles(container) == ["a", "b", "c"])
    }

    @Test("A child's save reaches its parent only; the parent's save writes the store")
    func childSaveReachesParentOnly() throws {
        let (container, parent, ids) = try stack()
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        try child.performAndWait {
            child.insert(Self.item("d"))
            try child.existingModel(for: ids["a"]!, as: Item.self).count = 7
            child.delete(try child.existingModel(for: ids["c"]!, as: Item.self))
            try child.save()
            #expect(!child.hasChanges)
        }
        try parent.performAndWait { () throws in
            #expect(parent.hasChanges)
            #expect(parent.insertedModels.compactMap { ($0 as? Item)?.title } == ["d"])
            #expect(try parent.existingModel(for: ids["a"]!, as: Item.self).count == 7)
            #expect(parent.deletedModels.map(\.persistentModelID) == [ids["c"]!])
        }
        #expect(try storedTitles(container) == ["a", "b", "c"])
        try parent.performAndWait { try parent.save() }
        #expect(try storedTitles(container) == ["a", "b", "d"])
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.existingModel(for: ids["a"]!, as: Item.self).count } == 7)
    }

    @Test("Discarding a child leaves its parent as it was; rolling a child back does too")
    func discard() throws {
        let (container, parent, ids) = try stack()
        do {
            let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
            try child.performAndWait {
                child.insert(Self.item("scratch"))
                try child.existingModel(for: ids["a"]!, as: Item.self).title = "edited"
            }
        }  // the edit sheet is cancelled: the child goes away unsaved
        let second = ModelContext(parent: parent, concurrencyType: .privateQueue)
        try second.performAndWait {
            try second.existingModel(for: ids["b"]!, as: Item.self).title = "edited"
            second.rollback()
            try second.save()
        }
        #expect(parent.performAndWait { parent.hasChanges } == false)
        #expect(try storedTitles(container) == ["a", "b", "c"])
    }

    @Test("New models keep temporary identifiers until the root saves, and a child's stay temporary after; permanent ones obtained first travel")
    func temporaryIdentifiers() throws {
        let (container, parent, _) = try stack()
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        let (temporary, obtained) = try child.performAndWait {
            let temporary = Self.item("temporary"), obtained = Self.item("obtained")
            child.insert(temporary)
            child.insert(obtained)
            try child.obtainPermanentIdentifiers(for: [obtained])
            try child.save()
            return (temporary.persistentModelID, obtained.persistentModelID)
        }
        #expect(temporary.isTemporary && !obtained.isTemporary)
        let parentsID = try parent.performAndWait { () throws -> PersistentIdentifier in
            let model = try #require(parent.registeredModel(for: temporary) as Item?)
            #expect(model.persistentModelID.isTemporary)
            try parent.save()
            return model.persistentModelID
        }
        #expect(!parentsID.isTemporary)
        // The child's model still has the temporary identifier, which names no row: handed to
        // another context it finds nothing. The one obtained before the child saved does.
        #expect(child.performAndWait { (child.registeredModel(for: temporary) as Item?)?.persistentModelID } == temporary)
        let reader = container.newBackgroundContext()
        try reader.performAndWait { () throws in
            #expect(throws: ModelError.modelNotFound(temporary)) { try reader.existingModel(for: temporary, as: Item.self) }
            #expect(try reader.existingModel(for: obtained, as: Item.self).title == "obtained")
            #expect(try reader.existingModel(for: parentsID, as: Item.self).title == "temporary")
        }
    }

    @Test("A child that merges automatically gets its parent's saves; one that does not keeps what it read")
    func automaticMergingFromParent() async throws {
        let (_, parent, ids) = try stack()
        let merging = ModelContext(parent: parent, concurrencyType: .privateQueue)
        merging.automaticallyMergesChangesFromParent = true
        let stale = ModelContext(parent: parent, concurrencyType: .privateQueue)
        for child in [merging, stale] {
            _ = try child.performAndWait { try child.existingModel(for: ids["a"]!, as: Item.self).title }
        }
        try parent.performAndWait {
            try parent.existingModel(for: ids["a"]!, as: Item.self).title = "a saved by the parent"
            try parent.save()
        }
        // The merge was enqueued on the child's queue by the save: behind it, this block sees it.
        let merged = await merging.perform(schedule: .enqueued) { (merging.registeredModel(for: ids["a"]!) as Item?)?.title }
        let kept = await stale.perform(schedule: .enqueued) { (stale.registeredModel(for: ids["a"]!) as Item?)?.title }
        #expect(merged == "a saved by the parent")
        #expect(kept == "a")
    }

    @Test("A child of a child saves one level up at each save; a grandchild sees both levels' unsaved changes")
    func grandchildren() throws {
        let (container, root, ids) = try stack()
        let middle = ModelContext(parent: root, concurrencyType: .privateQueue)
        let leaf = ModelContext(parent: middle, concurrencyType: .privateQueue)
        try root.performAndWait { try root.existingModel(for: ids["a"]!, as: Item.self).count = 1 }
        try middle.performAndWait { try middle.existingModel(for: ids["b"]!, as: Item.self).count = 2 }
        try leaf.performAndWait { () throws in
            let counts = try leaf.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).map(\.count)
            #expect(counts == [1, 2, 0])
            try leaf.existingModel(for: ids["c"]!, as: Item.self).count = 3
            try leaf.save()
        }
        #expect(try root.performAndWait { try root.existingModel(for: ids["c"]!, as: Item.self).count } == 0)
        try middle.performAndWait { try middle.save() }
        try root.performAndWait { try root.save() }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).map(\.count) } == [1, 2, 3])
    }

    @Test("A child's save needs no merge policy: its values replace what the parent changed; the root's save still meets the store's newer version")
    func conflicts() throws {
        let (container, parent, ids) = try stack()
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        _ = try child.performAndWait { try child.existingModel(for: ids["a"]!, as: Item.self).title }
        try parent.performAndWait { try parent.existingModel(for: ids["a"]!, as: Item.self).title = "the parent's" }
        try child.performAndWait {
            try child.existingModel(for: ids["a"]!, as: Item.self).title = "the child's"
            try child.save()
        }
        #expect(try parent.performAndWait { try parent.existingModel(for: ids["a"]!, as: Item.self).title } == "the child's")
        // Another context saves the same row before the parent does: the parent's save is a conflict.
        let other = container.newBackgroundContext()
        try other.performAndWait {
            try other.existingModel(for: ids["a"]!, as: Item.self).title = "another context's"
            try other.save()
        }
        parent.performAndWait {
            #expect(throws: ModelError.self) { try parent.save() }
        }
        #expect(try storedTitles(container).contains("another context's"))
    }

    @Test("A child's save of a model its parent deleted meanwhile throws, and changes nothing")
    func childSaveOfDeletedModel() throws {
        let (_, parent, ids) = try stack()
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        try child.performAndWait { try child.existingModel(for: ids["a"]!, as: Item.self).title = "edited" }
        try parent.performAndWait { parent.delete(try parent.existingModel(for: ids["a"]!, as: Item.self)) }
        child.performAndWait {
            #expect(throws: ModelError.modelNotFound(ids["a"]!)) { try child.save() }
            #expect(child.hasChanges)
        }
        parent.performAndWait {
            #expect(parent.insertedModels.isEmpty && parent.changedModels.isEmpty && parent.deletedModels.count == 1)
        }
    }

    @Test("Relationships go up with a save and come down through a fetch, with the parent's unsaved members")
    func relationships() throws {
        let (container, parent, _) = try stack()
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        try child.performAndWait {
            let trip = Trip(name: "Lisbon")
            child.insert(trip)
            trip.stops = [Stop(title: "Belém", position: 0), Stop(title: "Alfama", position: 1)]
            try child.save()
        }
        try parent.performAndWait { () throws in
            let trip = try #require(try parent.fetch(FetchDescriptor<Trip>()).first)
            #expect(trip.stops.map(\.title).sorted() == ["Alfama", "Belém"])
            trip.stops.append(Stop(title: "Jerónimos", position: 2))
        }
        let second = ModelContext(parent: parent, concurrencyType: .privateQueue)
        try second.performAndWait { () throws in
            let trip = try #require(try second.fetch(FetchDescriptor<Trip>()).first)
            #expect(trip.stops.map(\.title).sorted() == ["Alfama", "Belém", "Jerónimos"])
            #expect(try second.fetch(FetchDescriptor<Stop>()).allSatisfy { $0.trip?.name == "Lisbon" })
        }
        try parent.performAndWait { try parent.save() }
        let reader = container.newBackgroundContext()
        try reader.performAndWait { () throws in
            #expect(try reader.fetch(FetchDescriptor<Trip>()).first?.stops.count == 3)
        }
    }

    @Test("The queue rule holds across levels: a child's work runs on its queue, and reading through its parent records no violation")
    func queueRule() async throws {
        let (_, parent, ids) = try stack()
        try parent.performAndWait { try parent.existingModel(for: ids["a"]!, as: Item.self).title = "unsaved" }
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        let (titles, violations) = try await ConcurrencyDebug.withMode(.record) {
            try await child.perform {
                precondition(child.isOnQueue)
                return try child.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).compactMap(\.title)
            }
        }
        #expect(titles == ["b", "c", "unsaved"])
        #expect(violations.isEmpty)
    }

    @Test("A results observer follows nesting: the parent's list shows a child's save at once, and a merging child's list shows the parent's saves")
    func resultsObservers() async throws {
        let (_, parent, ids) = try stack()
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        child.automaticallyMergesChangesFromParent = true
        let descriptor = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])
        let parentList = try parent.performAndWait { try ResultsObserver<Item, Never>(fetchDescriptor: descriptor, modelContext: parent) }
        let childList = try child.performAndWait { try ResultsObserver<Item, Never>(fetchDescriptor: descriptor, modelContext: child) }
        // A child's save: the parent takes the edits in, and its list shows them before any store write.
        try child.performAndWait {
            try child.existingModel(for: ids["a"]!, as: Item.self).title = "a from the child"
            try child.save()
        }
        #expect(parent.runAndWait { parentList.results.compactMap(\.title) } == ["a from the child", "b", "c"])
        // The parent's save: the merging child merges it, and its list shows it.
        try parent.performAndWait {
            try parent.existingModel(for: ids["b"]!, as: Item.self).title = "b from the parent"
            try parent.save()
        }
        await child.perform(schedule: .enqueued) {}  // behind the merge the parent's save enqueued
        #expect(child.runAndWait { childList.results.compactMap(\.title) } == ["a from the child", "b from the parent", "c"])
    }

    @Test("A trace draws a child's save as a merge into its parent, with an arrow from the save")
    func traced() async throws {
        let (_, parent, ids) = try stack()
        parent.name = "nested parent (traced)"
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        child.name = "nested child (traced)"
        let (_, trace) = try await TraceRecorder.record {
            try child.performAndWait {
                try child.existingModel(for: ids["a"]!, as: Item.self).count = 5
                try child.save()
            }
        }
        let childLane = try #require(trace.lane(named: "nested child (traced)"))
        let parentLane = try #require(trace.lane(named: "nested parent (traced)"))
        let save = try #require(trace.events(on: childLane.id).first { $0.kind == .save })
        let merge = try #require(trace.events(on: parentLane.id).first { if case .merge = $0.kind { true } else { false } })
        #expect(merge.flowsFrom == [save.id])
        #expect(!trace.events.contains { if case .commit = $0.kind { $0.lane == childLane.id } else { false } })
    }

    @Test("The main context as parent: an edit sheet's child on the main queue saves into it")
    @MainActor
    func mainContextParent() throws {
        let (container, _, ids) = try stack()
        let main = container.viewContext
        let sheet = ModelContext(parent: main, concurrencyType: .mainQueue)
        try sheet.existingModel(for: ids["a"]!, as: Item.self).title = "from the sheet"
        #expect(try main.existingModel(for: ids["a"]!, as: Item.self).title == "a")
        try sheet.save()
        #expect(try main.existingModel(for: ids["a"]!, as: Item.self).title == "from the sheet")
        try main.save()
        #expect(try storedTitles(container).contains("from the sheet"))
    }
}
