import Dispatch
import Foundation
import PersistenceCore
import SampleModels
import Testing

@Suite("Model actors")
struct ModelActorTests {
    @Test("An actor created off the main queue runs on its private context's queue")
    func actorCreatedOffMainRunsOnPrivateQueue() async throws {
        // Given an actor created in a detached task (not on the main queue)
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value

        // When one of its methods runs
        let running = await handler.currentQueueLabel()
        let contextLabel = await handler.contextQueueLabel()

        // Then it runs on the queue of its own private context
        #expect(running == contextLabel)
        #expect(running.hasPrefix("ModelContext 0x"))
        #expect(handler.modelExecutor.context.concurrencyType == .privateQueue)
    }

    @Test("An actor created on the MainActor runs on the main queue")
    @MainActor
    func actorCreatedOnMainActorRunsOnMainQueue() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = DataHandler(modelContainer: container)

        #expect(await handler.currentQueueLabel() == "com.apple.main-thread")
        #expect(handler.modelExecutor.context.concurrencyType == .mainQueue)
    }

    @Test("A background model actor created on the MainActor never runs on the main queue")
    @MainActor
    func backgroundActorCreatedOnMainActorStaysOffMain() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let importer = Importer(modelContainer: container)

        let running = await importer.currentQueueLabel()
        #expect(running != "com.apple.main-thread")
        #expect(running.hasPrefix("ModelContext 0x"))
        #expect(running == (await importer.contextQueueLabel()))
    }

    @Test("A background model actor may write its own initializer")
    func backgroundActorWithItsOwnInitializer() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let importer = TaggedImporter(modelContainer: container, tag: "csv")

        let (tag, onQueue) = await importer.describe()
        #expect(tag == "csv")
        #expect(onQueue)
    }

    @Test("A thousand concurrent calls run one at a time, each on the context's queue")
    func concurrentCallsStaySerial() async throws {
        // Given one actor on a private queue and a probe that records overlapping calls
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        let probe = ConcurrencyProbe()

        // When 1,000 child tasks call it at once
        let onQueue = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<1_000 {
                group.addTask { await handler.work(probe) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }

        // Then no two calls ever overlapped, and all ran on the context's queue
        #expect(probe.maximumConcurrency == 1)
        #expect(onQueue == 1_000)
    }

    @Test("Two model actors calling each other back and forth complete", .timeLimit(.minutes(1)))
    func actorsCallingEachOtherComplete() async throws {
        // Given two actors on two private queues
        //   first actor                     second actor
        //   ping(100) → await second.ping
        //                                   ping(99) → await first.ping
        //   ping(98) → await second.ping    …
        // An executor that enqueues with a synchronous performAndWait blocks each queue waiting
        // for the other one here (CoreDataEvolution's deadlock); over our reentrant
        // performAndWait it would instead run half the calls on the caller's queue.
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let (first, second) = await Task.detached {
            (DataHandler(modelContainer: container), DataHandler(modelContainer: container))
        }.value

        // When they ping-pong 100 times
        let onQueue = await first.ping(100, partner: second)

        // Then all 101 calls finished, each on its own actor's queue
        #expect(onQueue == 101)
    }

    @Test("assumeIsolated succeeds inside the context's performAndWait")
    func assumeIsolatedInsidePerformAndWait() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        let context = handler.modelExecutor.context

        // When code the context's queue runs claims the actor's isolation
        let label = context.performAndWait { contextLabel(claimingIsolationOf: handler) }

        // Then the claim holds: the executor recognizes its queue
        #expect(label == context.queueLabel)
    }

    @Test("assumeIsolated off the context's queue stops the process, naming the queue")
    func assumeIsolatedOffQueueTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let handler = await Task.detached { DataHandler(modelContainer: container) }.value
            _ = contextLabel(claimingIsolationOf: handler)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("expected to run on the queue of its model actor's context, ModelContext 0x"))
    }

    @Test("The subscript returns the model, and nil once its row is deleted and saved elsewhere")
    func subscriptFindsModelUntilDeletedElsewhere() async throws {
        // Given an item saved by another context, and an actor that merges other contexts' saves
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        await handler.mergeOtherSaves()
        let id = try await container.performBackgroundTask { context in
            let item = Item(timestamp: .now, count: 7)
            context.insert(item)
            try context.save()
            return item.persistentModelID
        }

        // Then the actor finds it by identifier
        #expect(await handler.count(of: id) == 7)

        // When another context deletes the row and saves
        try await container.performBackgroundTask { context in
            try context.delete(model: Item.self)
            try context.save()
        }

        // Then the subscript answers nil instead of trapping on a missing row
        #expect(await handler.count(of: id) == nil)
    }

    @Test("withContext runs on the actor and returns a Sendable value")
    func withContextReturnsSendableValue() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        _ = try await handler.insertItem(count: 1)
        _ = try await handler.insertItem(count: 2)

        let count = try await handler.withContext { context in
            try context.fetchCount(FetchDescriptor<Item>())
        }
        let (store, onQueue) = await handler.withContext { context, container in
            (container.storeIdentifier, context.isOnQueue)
        }

        #expect(count == 2)
        #expect(store == container.storeIdentifier)
        #expect(onQueue)
    }

    @Test("A main model actor's methods run on the main queue, over the main context")
    @MainActor
    func mainModelActorRunsOnMainQueue() async throws {
        // Given a main model actor and an item saved in the background
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let model = ItemListModel(modelContainer: container)
        _ = try await container.performBackgroundTask { context in
            context.insert(Item(timestamp: .now))
            try context.save()
        }

        // When its methods are called from a detached task, off the main queue
        let (label, count) = try await Task.detached {
            (await model.currentQueueLabel(), try await model.itemCount())
        }.value

        // Then they ran on the main queue, over the container's main context
        #expect(label == "com.apple.main-thread")
        #expect(count == 1)
        #expect(model.loads == 1)
        #expect(model.modelContext === container.mainContext)
    }

    @Test("A main model actor finds models by identifier and runs withContext on the main context")
    @MainActor
    func mainModelActorLookups() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let model = ItemListModel(modelContainer: container)
        let id = try await container.performBackgroundTask { context in
            let item = Item(timestamp: .now, count: 3)
            context.insert(item)
            try context.save()
            return item.persistentModelID
        }

        #expect(model[id, as: Item.self]?.count == 3)
        #expect(model.withContext { context in context.concurrencyType } == .mainQueue)
        #expect(model.withContext { _, modelContainer in modelContainer === container })
    }
}

/// The actor's context label, read through `assumeIsolated` (which only synchronous code may call).
private func contextLabel(claimingIsolationOf handler: DataHandler) -> String {
    handler.assumeIsolated { isolated in isolated.modelContext.queueLabel }
}
