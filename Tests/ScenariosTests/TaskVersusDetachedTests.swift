import Scenarios
import Testing

/// Article 000: where a context created from a view lands, `Task {}` against `Task.detached {}`,
/// and `mainContext` against a second main-queue context.
@Suite("task-vs-detached: where a context created from a view runs")
struct TaskVersusDetachedTests {
    func outcome() async throws -> TaskVersusDetached.Outcome {
        try await SharedRuns.taskVersusDetached.value
    }

    @Test("A context created in a button's Task {} is a main-queue context")
    func taskMakesMainQueueContext() async throws {
        let facts = try await outcome().inTask

        #expect(facts.createdOn == "com.apple.main-thread")
        #expect(facts.kind == .mainQueue)
        #expect(facts.queueLabel == "com.apple.main-thread")
    }

    @Test("A context created in a .task closure is a main-queue context too")
    func taskModifierMakesMainQueueContext() async throws {
        let facts = try await outcome().inTaskModifier

        #expect(facts.createdOn == "com.apple.main-thread")
        #expect(facts.kind == .mainQueue)
        #expect(facts.queueLabel == "com.apple.main-thread")
    }

    @Test("A context created in Task.detached {} gets a private queue of its own")
    func detachedMakesPrivateContext() async throws {
        let facts = try await outcome().inDetachedTask

        #expect(facts.createdOn != "com.apple.main-thread")
        #expect(facts.kind == .privateQueue)
        #expect(facts.queueLabel.hasPrefix("ModelContext 0x"))
    }

    @Test("A second main-queue context shares mainContext's queue, not its registered objects")
    func secondMainContextIsSeparate() async throws {
        // Given an item inserted into mainContext and saved, and a second context made on the main queue
        let two = try await outcome().twoMainContexts

        // Then both run on the main queue, but they are two scratchpads
        #expect(two.mainContextQueue == "com.apple.main-thread")
        #expect(two.secondContextQueue == "com.apple.main-thread")
        #expect(two.secondContextKind == .mainQueue)
        #expect(!two.secondIsMainContext)
        #expect(two.registeredInMainContext)
        #expect(!two.registeredInSecondContext)
        // And the second finds the row in the store, as an object of its own
        #expect(two.secondContextFindsItInTheStore)
        #expect(!two.sameObjectInBoth)
    }

    @Test("The report shows the two main-queue contexts, the private one, and the separate registries")
    func reportDemonstrates() async throws {
        let report = TaskVersusDetached().report(try await outcome())

        #expect(report.demonstrated)
        #expect(report.wrongWay.count == 3)
        #expect(report.rightWay.first?.contains(".privateQueue") == true)
    }
}
