import Foundation
import PersistenceCore
import SampleModels
import Lessons
import Testing

/// deleted-model's two crashes, for real in exit tests: each child process writes the message the
/// lesson predicts for its own identifiers, then traps; the parent checks it stopped with exactly
/// that message, the one the run reports.
@Suite("deleted-model: a trip deleted in the background, still on screen")
struct DeletedModelTests {
    @Test("Without merging, opening a stop of the deleted trip stops the process with the message the run reports")
    func openingAStopTraps() async throws {
        // Given a screen holding the trip's models, and the trip deleted by another context; when a stop is opened
        let result = try await #require(processExitsWith: .failure,
                                        observing: [\.standardOutputContent, \.standardErrorContent]) {
            let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            let screen = try await DeletedModel.showTripThenDeleteIt(on: context, in: container)
            let stop = screen.stopIDs[DeletedModel.openedStopIndex]
            FileHandle.standardOutput.write(Data((DeletedModel.openedStopTrapMessage(for: stop) + "\n").utf8))
            _ = await DeletedModel.openStop(at: DeletedModel.openedStopIndex, of: screen, on: context)
        }

        // Then the process stopped with exactly the message the lesson predicts for that stop
        let predicted = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(predicted.hasPrefix("could not fulfill a fault for x-lab://"))
        #expect(result.standardErrorText.contains(predicted))
    }

    @Test("With merging, reading the trip model the screen held stops the process with the message the run reports")
    func readingTheHeldTripTraps() async throws {
        // Given a screen holding the trip's models on a merging context, and the trip deleted by another; when its name is read
        let result = try await #require(processExitsWith: .failure,
                                        observing: [\.standardOutputContent, \.standardErrorContent]) {
            let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            context.automaticallyMergesChangesFromParent = true
            let screen = try await DeletedModel.showTripThenDeleteIt(on: context, in: container)
            let message = DeletedModel.heldTripTrapMessage(for: screen.tripID, mergedBy: context.queueLabel)
            FileHandle.standardOutput.write(Data((message + "\n").utf8))
            _ = await DeletedModel.readHeldTripName(of: screen, on: context)
        }

        // Then the process stopped with exactly the message the lesson predicts for that trip and context
        let predicted = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(predicted.hasPrefix("This model instance was invalidated (Trip.name get): Trip x-lab://"))
        #expect(result.standardErrorText.contains(predicted))
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
