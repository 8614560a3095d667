import Dispatch
import PersistenceCore
import SampleModels
import XCTest

/// The model-actor rules again, under XCTest, where synchronous tests and `@MainActor` test
/// methods run on the real main thread.
final class ModelActorXCTests: XCTestCase {
    func testActorMethods_runOnThePrivateContextQueue_whenCreatedOffTheMainQueue() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value

        let running = await handler.currentQueueLabel()

        XCTAssertEqual(running, handler.modelExecutor.context.queueLabel)
        XCTAssertTrue(running.hasPrefix("ModelContext 0x"), running)
    }

    @MainActor
    func testActorMethods_runOnTheMainQueue_whenCreatedOnTheMainActor() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = DataHandler(modelContainer: container)

        let running = await handler.currentQueueLabel()

        XCTAssertEqual(running, "com.apple.main-thread")
    }

    @MainActor
    func testBackgroundActor_staysOffTheMainQueue_whenCreatedOnTheMainActor() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let importer = Importer(modelContainer: container)

        let running = await importer.currentQueueLabel()

        XCTAssertNotEqual(running, "com.apple.main-thread")
        XCTAssertTrue(running.hasPrefix("ModelContext 0x"), running)
    }

    func testAssumeIsolated_succeeds_insidePerformAndWait() throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = DataHandler(modelContainer: container)  // made on the main queue: a main-queue context
        let context = handler.modelExecutor.context

        let label = context.performAndWait {
            handler.assumeIsolated { isolated in isolated.modelContext.queueLabel }
        }

        XCTAssertEqual(label, context.queueLabel)
    }

    func testActorsCallingEachOther_complete_withoutDeadlock() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let (first, second) = await Task.detached {
            (DataHandler(modelContainer: container), DataHandler(modelContainer: container))
        }.value
        let finished = expectation(description: "100 round trips")

        let game = Task {
            let onQueue = await first.ping(100, partner: second)
            finished.fulfill()
            return onQueue
        }

        await fulfillment(of: [finished], timeout: 60)
        let onQueue = await game.value
        XCTAssertEqual(onQueue, 101)
    }

    func testConcurrentCalls_runOneAtATime() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        let probe = ConcurrencyProbe()

        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<1_000 {
                group.addTask { await handler.work(probe) }
            }
            for await onQueue in group {
                XCTAssertTrue(onQueue)
            }
        }

        XCTAssertEqual(probe.maximumConcurrency, 1)
    }
}
