import Foundation
import PersistenceCore
import SampleModels
import Scenarios
import Testing

/// deleted-model's two crashes, for real in exit tests: the messages the run reports.
@Suite("deleted-model: a trip deleted in the background, still on screen")
struct DeletedModelTests {
    @Test("Without merging, opening a stop of the deleted trip stops the process: an unfulfillable fault, named by its URI")
    func openingAStopTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
            _ = try await DeletedModel.openStopAfterDeletion(on: container.newBackgroundContext(), in: container)
        }
        #expect(result.standardErrorText.contains("could not fulfill a fault for x-lab://"))
        #expect(result.standardErrorText.contains("/Stop/p2: the row no longer exists in the store"))
    }

    @Test("With merging, reading the trip model the screen held stops the process: invalidated, naming its URI and the merge")
    func readingTheHeldTripTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
            _ = try await DeletedModel.readHeldTripAfterMergedDeletion(on: container.newBackgroundContext(), in: container)
        }
        #expect(result.standardErrorText.contains("This model instance was invalidated (Trip.name get): Trip x-lab://"))
        #expect(result.standardErrorText.contains("/Trip/p1 was deleted by another context's save, which 'ModelContext 0x"))
    }

    @Test("The screen holding identifiers shows the trip, then shows it gone")
    func screenHoldingIdentifiers() async throws {
        let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        context.automaticallyMergesChangesFromParent = true
        let saved = try await DeletedModel.saveTrip(in: container)
        var screen = TripScreen(tripID: saved.trip)
        await screen.reload(on: context)
        #expect(screen.title == "Lisbon" && screen.stopTitles == DeletedModel.stopTitles)
        try await DeletedModel.deleteTrip(saved.trip, in: container)
        await screen.reload(on: context)
        #expect(screen.title == nil && screen.stopTitles.isEmpty)
    }
}
