import PersistenceCore
import SampleModels
import Lessons
import Testing

/// Article 000's "Modify in Wrong Thread", and article 003's first rule, asserted on one run of
/// the lesson; the trap itself happens in exit tests, in a child process.
@Suite("wrong-queue-mutation: a model changed from another queue")
struct WrongQueueMutationTests {
    func outcome() async throws -> WrongQueueMutation.Outcome {
        try await SharedRuns.wrongQueueMutation.value
    }

    @Test(".trap stops the process at the wrong-queue write, with the message the run recorded")
    func trapStopsTheProcess() async throws {
        // Given the recorded message, minus the context's address (each process has its own)
        let expected = addressFreePrefix(of: try #require(try await outcome().trapMessage))

        // When the same write runs under .trap in a child process
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let captured = try await WrongQueueMutation.CapturedItem.make(in: container)
            ConcurrencyDebug.mode = .trap
            await captured.setCountFromAnotherQueue(1)
        }

        // Then it stopped with that message
        #expect(result.standardErrorText.contains(expected))
        #expect(result.standardErrorText.contains("but its context runs on 'ModelContext 0x"))
    }

    @Test("The same write inside perform runs to the end under .trap")
    func performIsCleanUnderTrap() async {
        await #expect(processExitsWith: .success) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let captured = try await WrongQueueMutation.CapturedItem.make(in: container)
            ConcurrencyDebug.mode = .trap
            await captured.setCountWithPerform(1)
            let count = await captured.count()
            precondition(count == 1)
        }
    }
}
