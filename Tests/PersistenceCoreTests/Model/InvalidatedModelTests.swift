import Foundation
import LabSupport
import PersistenceCore
import SampleModels
import Testing

/// A model whose row is gone, or whose context was reset, is never silently usable: any attribute
/// access stops the process with SwiftData's crash ("This model instance was invalidated…"), made
/// legible: the class, the identifier's URI, and what happened.
@Suite("Invalidated models")
struct InvalidatedModelTests {
    @Test("A model deleted and saved in its own context keeps the values it had loaded, as SwiftData's, detached from its context")
    func deletedAndSavedKeepsLoadedValues() throws {
        // Given an item saved, then deleted and the deletion saved, in one context
        let context = try makeContainer().newBackgroundContext()
        try context.runAndWait {
            let item = Item(timestamp: Date(timeIntervalSince1970: 7), title: "kept", count: 3)
            context.insert(item)
            try context.save()
            context.delete(item)
            try context.save()

            // Then it reads what it had, as a log line after delete and save does in SwiftData apps
            #expect(item.count == 3 && item.title == "kept" && item.timestamp == Date(timeIntervalSince1970: 7))
            #expect(item.modelContext == nil)
            #expect(!item.isDeleted, "no deletion is pending any more")
            #expect(try context.fetchCount(FetchDescriptor<Item>()) == 0)
        }
    }

    @Test("Reading one whose values were never loaded stops the process with SwiftData's words")
    func deletedAndSavedNeverLoadedRead() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try makeContainer()
            let saver = container.newBackgroundContext()
            let id = try saver.runAndWait { try InvalidatedModelTests.savedItem(in: saver).persistentModelID }
            let context = container.newBackgroundContext()
            context.runAndWait {
                let item = context.model(for: id) as! Item  // a fault: nothing loaded
                context.delete(item)
                try! context.save()
                _ = item.timestamp
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("This backing data was detached from a context without resolving attribute faults (Item.timestamp get): Item x-lab://"))
        #expect(message.contains("/Item/p1 was deleted and the deletion saved in 'ModelContext 0x"))
        #expect(message.contains("before its values were ever loaded"))
    }

    @Test("Writing one stops the process too, under .off and the confined policy")
    func deletedAndSavedNeverLoadedWrite() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ConcurrencyDebug.mode = .off
            let container = try makeContainer()
            let saver = container.newBackgroundContext()
            let id = try saver.runAndWait { try InvalidatedModelTests.savedItem(in: saver).persistentModelID }
            let context = container.newBackgroundContext()
            context.runAndWait {
                let item = context.model(for: id) as! Item
                context.delete(item)
                try! context.save()
                item.count = 2
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("(Item.count set)"))
        #expect(message.contains("was deleted and the deletion saved"))
    }

    @Test("A model merged as deleted from another context's save stops the process, under .record and autoDispatch")
    func mergedDeletion() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ConcurrencyDebug.mode = .record
            let container = try makeContainer()
            container.accessPolicy = .autoDispatch
            let (shown, deleter) = (container.newBackgroundContext(), container.newBackgroundContext())
            shown.automaticallyMergesChangesFromParent = true
            let item = shown.performAndWait { try! InvalidatedModelTests.savedItem(in: shown) }
            let id = item.persistentModelID
            deleter.performAndWait {
                deleter.delete(try! deleter.existingModel(for: id, as: Item.self))
                try! deleter.save()
            }
            shown.performAndWait {}  // the merge was enqueued before this
            _ = item.timestamp      // off the queue: .autoDispatch hops, and the access traps there
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("was deleted by another context's save, which 'ModelContext 0x"))
        #expect(message.contains("merged"))
    }

    @Test("A model of a context that was reset stops the process, under .trap on the right queue")
    func contextReset() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ConcurrencyDebug.mode = .trap
            let context = try makeContainer().newBackgroundContext()
            context.performAndWait {
                let item = try! InvalidatedModelTests.savedItem(in: context)
                context.reset()
                _ = item.count
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("was forgotten when 'ModelContext 0x"))
        #expect(message.contains("was reset"))
        #expect(!message.contains("Concurrency violation"))
    }

    @Test("A model whose row a batch deleted, found gone by a refresh, stops the process")
    func foundDeleted() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try makeContainer()
            let context = container.newBackgroundContext()
            context.performAndWait {
                let item = try! InvalidatedModelTests.savedItem(in: context)
                try! container.execute(BatchDeleteRequest<Item>())
                context.refresh(item, mergeChanges: true)
                _ = item.timestamp
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("had its row deleted behind 'ModelContext 0x"))
    }

    @Test("Inserting an invalidated model again stops the process instead of reviving it")
    func reinsertAfterReset() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try makeContainer().newBackgroundContext()
            context.performAndWait {
                let item = try! InvalidatedModelTests.savedItem(in: context)
                context.reset()
                context.insert(item)
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("invalidated (ModelContext.insert(_:))"))
    }

    @Test("The fix: hold the identifier and fetch again; existingModel throws once the row is gone")
    func holdIdentifiersInstead() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = try Self.savedItem(in: context)
            let id = item.persistentModelID
            context.reset()
            #expect(item.modelContext == nil && !item.isDeleted)
            #expect(try context.existingModel(for: id, as: Item.self).count == 1)
            context.delete(try context.existingModel(for: id, as: Item.self))
            try context.save()
            #expect(throws: ModelError.modelNotFound(id)) { try context.existingModel(for: id, as: Item.self) }
        }
    }

    @Test("isDeleted is true while the deletion is pending, and false once it is saved or rolled back")
    func isDeletedMeansPending() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let (kept, gone) = (try Self.savedItem(in: context), try Self.savedItem(in: context))
            context.delete(kept)
            #expect(kept.isDeleted)
            context.rollback()
            #expect(!kept.isDeleted && kept.modelContext === context)
            context.delete(gone)
            #expect(gone.isDeleted)
            try context.save()
            #expect(!gone.isDeleted && gone.modelContext == nil && !gone.hasChanges)
        }
    }

    /// A saved item with count 1, registered in `context`; call on its queue.
    static func savedItem(in context: ModelContext) throws -> Item {
        let item = Item(timestamp: .now, count: 1)
        context.insert(item)
        try context.save()
        return item
    }
}

/// Article 000's experiment: `persistentBackingData.getValue(forKey:)` and `setValue(forKey:to:)`
/// go through the same checks, hop and change tracking as the attribute accessors.
@Suite("Backing data by key path")
struct BackingDataKeyPathTests {
    @Test("The key-path forms read and write the attribute, and the write is saved")
    func readWrite() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let item = try InvalidatedModelTests.savedItem(in: context)
            #expect(item.persistentBackingData.getValue(forKey: \.count) == 1)
            item.persistentBackingData.setValue(forKey: \.count, to: 5)
            #expect(item.count == 5 && item.hasChanges && context.changedModels.count == 1)
            try context.save()
            return item.persistentModelID
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.existingModel(for: id, as: Item.self).count } == 5)
    }

    @Test("Off the queue, .record reports the key-path write as the accessor's")
    func recordedOffQueue() async throws {
        let context = try makeContainer().newBackgroundContext()
        let item = try context.performAndWait { Smuggled(try InvalidatedModelTests.savedItem(in: context)) }
        let (_, violations) = await ConcurrencyDebug.withMode(.record) {
            await Task.detached { item.value.persistentBackingData.setValue(forKey: \.timestamp, to: .now) }.value
        }
        #expect(violations.map(\.operation) == ["Item.timestamp set"])
        #expect(violations.first?.expectedQueue == context.queueLabel)
    }

    @Test("Off the queue, .autoDispatch hops to the context's queue for the key-path write")
    func hopsUnderAutoDispatch() async throws {
        let container = try makeContainer()
        container.accessPolicy = .autoDispatch
        let context = container.newBackgroundContext()
        let item = try context.performAndWait { Smuggled(try InvalidatedModelTests.savedItem(in: context)) }
        let (_, violations) = await ConcurrencyDebug.withMode(.record) {
            await Task.detached { item.value.persistentBackingData.setValue(forKey: \.count, to: 9) }.value
        }
        #expect(violations.isEmpty)
        #expect(context.performAndWait { item.value.count == 9 && item.value.hasChanges })
    }

    @Test("Off the queue under .trap, article 000's DispatchQueue.global() write stops the process")
    func trapsOffQueue() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try makeContainer().newBackgroundContext()
            let item = try context.performAndWait { Smuggled(try InvalidatedModelTests.savedItem(in: context)) }
            ConcurrencyDebug.mode = .trap
            await DispatchQueue.global().asyncAndAwait {
                item.value.persistentBackingData.setValue(forKey: \.timestamp, to: .now)
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Concurrency violation: Item.timestamp set on '"))
    }
}

/// Hands a model across queues on purpose, for tests that show what happens when one does.
// @unchecked: deliberately unsafe; each test uses the model only where it means to.
struct Smuggled<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
