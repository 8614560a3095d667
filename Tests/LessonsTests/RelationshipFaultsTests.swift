import Foundation
import PersistenceCore
import SampleModels
import Lessons
import Testing

/// relationship-faults' trap, for real in an exit test.
@Suite("relationship-faults: the wrong queue, and N+1 reads")
struct RelationshipFaultsTests {
    @Test("Under .trap, a trip's stops read from a detached task stop the process, naming Trip.stops get")
    func offQueueReadTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ConcurrencyDebug.mode = .trap
            let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
            _ = try await RelationshipFaults.readStopsOffQueue(on: container.newBackgroundContext(), in: container)
        }
        #expect(result.standardErrorText.contains("Concurrency violation: Trip.stops get on '"))
    }

    @Test("The store's read count shows N+1 when faulting, and a constant when prefetching")
    func readCounts() async throws {
        let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
        try await RelationshipFaults.saveTrips(30, stopsPerTrip: 4, in: container)
        let before = container.readCount
        _ = try await RelationshipFaults.summaries(on: container.newBackgroundContext(), prefetching: false)
        let faulting = container.readCount - before
        _ = try await RelationshipFaults.summaries(on: container.newBackgroundContext(), prefetching: true)
        #expect(faulting == 1 + 30 + 30 * 4)
        #expect(container.readCount - before - faulting == 2)
    }
}
