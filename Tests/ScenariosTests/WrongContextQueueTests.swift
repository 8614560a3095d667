import PersistenceCore
import Scenarios
import Testing

/// Article 003's two mistakes: recorded in one run of the scenario, and trapping for real in exit
/// tests, where `.trap` may stop the (child) process.
@Suite("wrong-context-queue: a context used from the wrong queue")
struct WrongContextQueueTests {
    func outcome() async throws -> WrongContextQueue.Outcome {
        try await SharedRuns.wrongContextQueue.value
    }

    @Test("mainContext.reset() in a detached task is a violation against the main queue")
    func resetFromDetachedTaskIsRecorded() async throws {
        // Given mainContext.reset() called inside Task.detached, under .record
        let attempt = try await outcome().resetFromDetachedTask

        // Then it ran off the main queue, and one violation names both queues
        #expect(attempt.ranOn != "com.apple.main-thread")
        #expect(attempt.contextQueue == "com.apple.main-thread")
        #expect(attempt.violations.map(\.operation) == ["ModelContext.reset()"])
        #expect(attempt.violations.first?.thread == attempt.ranOn)
        #expect(attempt.violations.first?.expectedQueue == "com.apple.main-thread")
    }

    @Test("A background context's new item inserted and assigned on the main queue: two violations")
    func mainQueueAssignmentIsRecorded() async throws {
        // Given, on the main queue: Item(...), backgroundContext.insert(item), item.timestamp = .now
        let attempt = try await outcome().assignmentOnMainQueue

        // Then the insert and the assignment were both off the background context's queue
        #expect(attempt.ranOn == "com.apple.main-thread")
        #expect(attempt.contextQueue.hasPrefix("ModelContext 0x"))
        #expect(attempt.violations.map(\.operation) == ["ModelContext.insert(_:)", "Item.timestamp set"])
        #expect(attempt.violations.allSatisfy { $0.thread == "com.apple.main-thread" && $0.expectedQueue == attempt.contextQueue })
    }

    @Test("Inside perform, both run on their context's queue and nothing is recorded")
    func performFixesBoth() async throws {
        let outcome = try await outcome()

        #expect(outcome.resetWithPerform.ranOn == "com.apple.main-thread")
        #expect(outcome.resetWithPerform.violations.isEmpty)
        #expect(outcome.assignmentWithPerform.ranOn == outcome.assignmentWithPerform.contextQueue)
        #expect(outcome.assignmentWithPerform.violations.isEmpty)
        #expect(outcome.itemsSavedByFix == 1)
    }

    @Test("The report shows both mistakes, the message .trap would stop on, and both fixes")
    func reportDemonstrates() async throws {
        let report = WrongContextQueue().report(try await outcome())

        #expect(report.demonstrated)
        #expect(report.wrongWay.contains {
            $0.hasPrefix(".trap would stop the process with: Concurrency violation: ModelContext.reset() on '")
        })
        #expect(report.measurements.contains { $0.name == "violations, with perform" && $0.value == 0 })
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
