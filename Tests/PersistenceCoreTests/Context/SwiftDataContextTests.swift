import Foundation
import PersistenceCore
import SampleModels
import Testing

/// SwiftData's conveniences on a context: transaction, delete(model:where:), enumerate, autosave.
@Suite("SwiftData's context conveniences")
struct SwiftDataContextTests {
    private func makeItems(_ count: Int) throws -> ModelContainer {
        let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for number in 0..<count {
                context.insert(Item(timestamp: Date(timeIntervalSince1970: Double(number)), title: "item \(number)", count: number))
            }
            try context.save()
        }
        return container
    }

    private func storedCounts(_ container: ModelContainer) throws -> [Int] {
        let reader = container.newBackgroundContext()
        return try reader.performAndWait { try reader.fetch(FetchDescriptor<Item>()).map(\.count) }
    }

    @Test("transaction saves what its block changed; a block that throws saves nothing and leaves its changes pending")
    func transaction() throws {
        struct Refused: Error {}
        let container = try makeItems(0)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            try context.transaction { context.insert(Item(timestamp: .now, count: 1)) }
            #expect(!context.hasChanges)
            #expect(throws: Refused.self) {
                try context.transaction {
                    context.insert(Item(timestamp: .now, count: 2))
                    throw Refused()
                }
            }
            #expect(context.hasChanges)
        }
        #expect(try storedCounts(container) == [1])
    }

    @Test("delete(model:where:) marks the matching models for deletion at the next save; without a predicate, every one")
    func deleteWhere() throws {
        let container = try makeItems(6)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            try context.delete(model: Item.self, where: #Predicate { $0.count >= 4 })
            #expect(context.deletedModels.count == 2)
            try context.save()
        }
        #expect(try storedCounts(container) == [0, 1, 2, 3])
        try context.performAndWait {
            try context.delete(model: Item.self)
            try context.save()
        }
        #expect(try storedCounts(container) == [])
    }

    @Test("SwiftData's names: fetchIdentifiers and the inserted, changed and deleted models arrays")
    func swiftDataNames() throws {
        let container = try makeItems(3)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let identifiers = try context.fetchIdentifiers(FetchDescriptor<Item>(predicate: #Predicate { $0.count > 0 },
                                                                                   sortBy: [SortDescriptor(\.count)]))
            let models = try context.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count)]))
            #expect(identifiers == models.dropFirst().map(\.persistentModelID))
            models[0].title = "changed"
            context.delete(models[1])
            context.insert(Item(timestamp: .now, count: 9))
            #expect(context.insertedModelsArray.count == 1 && context.changedModelsArray.count == 1)
            #expect(context.deletedModelsArray.map(\.persistentModelID) == [models[1].persistentModelID])
        }
    }

    @Test("enumerate visits each model the descriptor finds, in order, a batch at a time, within its offset and limit")
    func enumerate() throws {
        let container = try makeItems(25)
        let context = container.newBackgroundContext()
        let (all, window) = try context.performAndWait {
            var all: [Int] = []
            try context.enumerate(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count)]), batchSize: 10) { all.append($0.count) }
            var descriptor = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count)])
            descriptor.fetchOffset = 3
            descriptor.fetchLimit = 15
            var window: [Int] = []
            try context.enumerate(descriptor, batchSize: 4) { window.append($0.count) }
            return (all, window)
        }
        #expect(all == Array(0..<25))
        #expect(window == Array(3..<18))
    }

    @Test("enumerate refuses a batch size below 1, and a block that changes models unless allowEscapingMutations is true")
    func enumerateRefusals() throws {
        let container = try makeItems(3)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            #expect(throws: ModelError.self) { try context.enumerate(FetchDescriptor<Item>(), batchSize: 0) { _ in } }
            #expect(throws: ModelError.mutationsDuringEnumeration(entity: "Item")) {
                try context.enumerate(FetchDescriptor<Item>()) { $0.title = "renamed" }
            }
            #expect(context.hasChanges)  // the changes stay pending
            context.rollback()
            try context.enumerate(FetchDescriptor<Item>(), allowEscapingMutations: true) { $0.title = "renamed" }
            try context.save()
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetch(FetchDescriptor<Item>()).map(\.title) } == ["renamed", "renamed", "renamed"])
    }

    @Test("With autosaveEnabled, the changes of one turn of the context's queue are saved once the turn is over")
    func autosave() async throws {
        let container = try makeItems(0)
        let context = container.newBackgroundContext()
        context.autosaveEnabled = true
        let pendingInTheTurn = await context.perform { () -> Bool in
            context.insert(Item(timestamp: .now, count: 1))
            context.insert(Item(timestamp: .now, count: 2))
            return context.hasChanges
        }
        #expect(pendingInTheTurn)
        await context.perform(schedule: .enqueued) {}  // a later turn: the autosave ran before it
        #expect(await context.perform { !context.hasChanges })
        #expect(try storedCounts(container) == [1, 2])
    }

    @Test("mainContext autosaves on the main queue once a button's action is over")
    @MainActor
    func mainContextAutosave() async throws {
        let container = try makeItems(0)
        container.mainContext.autosaveEnabled = true
        container.mainContext.insert(Item(timestamp: .now, count: 7))
        #expect(container.mainContext.hasChanges)
        await container.mainContext.perform(schedule: .enqueued) {}  // a later turn of the main queue
        #expect(!container.mainContext.hasChanges)
        #expect(try storedCounts(container) == [7])
    }
}
