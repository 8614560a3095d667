import PersistenceCore
import SampleModels
import Lessons
import Testing

/// Article 003's two mistakes: recorded in one run of the lesson, and trapping for real in exit
/// tests, where `.trap` may stop the (child) process.
@Suite("wrong-context-queue: a context used from the wrong queue")
struct WrongContextQueueTests {
    func outcome() async throws -> WrongContextQueue.Outcome {
        try await SharedRuns.wrongContextQueue.value
    }

    @Test("Under .trap, mainContext.reset() in a detached task stops the process")
    func resetFromDetachedTaskTraps() async throws {
        let recorded = try #require(try await outcome().resetFromDetachedTask.violations.first?.description)

        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            ConcurrencyDebug.mode = .trap
            await WrongContextQueue.resetMainContextFromDetachedTask(container)
        }

        // The main queue's label is the same in every process: the whole message matches.
        #expect(result.standardErrorText.contains(recorded))
    }

    @Test("Under .trap, inserting a background context's item on the main queue stops the process")
    func mainQueueAssignmentTraps() async throws {
        let recorded = try #require(try await outcome().assignmentOnMainQueue.violations.first?.description)

        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let background = container.newBackgroundContext()
            ConcurrencyDebug.mode = .trap
            await WrongContextQueue.assignBackgroundItemOnMainQueue(background)
        }

        #expect(result.standardErrorText.contains(addressFreePrefix(of: recorded)))
        #expect(result.standardErrorText.contains("Concurrency violation: ModelContext.insert(_:) on 'com.apple.main-thread'"))
    }

    @Test("Under .trap, both fixed with perform run to the end")
    func performRunsCleanUnderTrap() async {
        await #expect(processExitsWith: .success) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            ConcurrencyDebug.mode = .trap
            await WrongContextQueue.resetMainContextWithPerform(container)
            try await WrongContextQueue.assignBackgroundItemWithPerform(container.newBackgroundContext())
        }
    }
}
