import PersistenceCore
import Scenarios
import Testing

/// Article 000's "Modify in Wrong Thread", and article 003's first rule, asserted on one run of
/// the scenario; the trap itself happens in exit tests, in a child process.
@Suite("wrong-queue-mutation: a model changed from another queue")
struct WrongQueueMutationTests {
    func outcome() async throws -> WrongQueueMutation.Outcome {
        try await SharedRuns.wrongQueueMutation.value
    }

    @Test("With the checks off, a write from another queue lands and nothing notices")
    func offIsSilent() async throws {
        // Given a saved item of a private context, written from DispatchQueue.global() under .off
        let off = try await outcome().off

        // Then the write landed, the context took it as a change, and nothing was recorded
        #expect(off.writerQueue != off.contextQueue)
        #expect(off.seen == off.written)
        #expect(off.contextHasChanges)
        #expect(off.violations.isEmpty)
    }

    @Test(".record names the operation, the queue it ran on and the queue it belonged to")
    func recordNamesBothQueues() async throws {
        let record = try await outcome().record

        let violation = try #require(record.violations.first)
        #expect(record.violations.count == 1)
        #expect(violation.operation == "Item.count set")
        #expect(violation.thread == record.writerQueue)
        #expect(violation.expectedQueue == record.contextQueue)
        #expect(violation.expectedQueue.hasPrefix("ModelContext 0x"))
        #expect(record.seen == record.written, ".record reports; it does not stop the write")
    }

    @Test(".trap would print exactly the recorded violation")
    func trapMessageIsTheViolation() async throws {
        let outcome = try await outcome()

        let message = try #require(outcome.trapMessage)
        #expect(message == outcome.record.violations.first?.description)
        #expect(message.hasPrefix("Concurrency violation: Item.count set on '\(outcome.record.writerQueue)'"))
        #expect(message.hasSuffix("but its context runs on '\(outcome.record.contextQueue)'"))
    }

    @Test(".autoDispatch makes the stray write safe: it lands, the context is dirty, nothing is recorded")
    func autoDispatchHops() async throws {
        let auto = try await outcome().autoDispatch

        #expect(auto.writerQueue != auto.contextQueue)
        #expect(auto.seen == auto.written)
        #expect(auto.contextHasChanges)
        #expect(auto.violations.isEmpty)
    }

    @Test("Two threads incrementing without synchronisation: every lost update is counted",
          .enabled(if: WrongQueueMutation.racesInThisProcess, "ThreadSanitizer would report the deliberate race"))
    func unsynchronisedRaceIsCounted() async throws {
        // Given two threads, each running item.count += 1 with no synchronisation
        let race = try #require(try await outcome().unsynchronisedRace)

        // Then the tally adds up, whatever the interleaving was (losing none is possible, if rare)
        #expect(race.threads == 2)
        #expect(race.expected == race.threads * race.incrementsPerThread)
        #expect(race.lost == race.expected - race.observed)
        #expect((0...race.expected).contains(race.lost))
        #expect(race.observed >= race.incrementsPerThread, "at least one thread's increments all land")
    }

    @Test("The same increments inside performAndWait lose nothing")
    func performLosesNothing() async throws {
        let race = try await outcome().performRace

        #expect(race.expected == race.threads * race.incrementsPerThread)
        #expect(race.observed == race.expected)
        #expect(race.lost == 0)
    }

    @Test(".autoDispatch serializes each get and set, not the += between them: its losses are counted too")
    func autoDispatchRaceIsCounted() async throws {
        // Each access hops onto the queue, so there is no data race; but two threads can still
        // both read 41 and both write 42. Whether they did this time is not asserted.
        let race = try await outcome().autoDispatchRace

        #expect(race.lost == race.expected - race.observed)
        #expect((0...race.expected).contains(race.lost))
    }

    @Test("The report says the pitfall was shown and then fixed, with the lost updates measured")
    func reportDemonstrates() async throws {
        let report = WrongQueueMutation().report(try await outcome())

        #expect(report.demonstrated)
        #expect(report.wrongWay.contains { $0.hasPrefix(".trap would stop the process with: Concurrency violation: Item.count set") })
        #expect(report.measurements.contains { $0.name == "updates lost, performAndWait" && $0.value == 0 })
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
