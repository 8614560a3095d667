import Foundation
import PersistenceCore
import SampleModels
import Lessons
import Testing

/// Articles 000, 003 and 004: pass the identifier, not the model. The unfulfillable fault traps
/// for real in an exit test.
@Suite("id-passing: pass the identifier, not the model")
struct IDPassingTests {
    @Test("Touching the held model after the merged deletion stops the process, naming its URI and what happened")
    func heldModelTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            _ = try await IDPassing.touchHeldItemAfterDeletion(in: container)
        }

        #expect(result.standardErrorText.contains("This model instance was invalidated (Item.timestamp get): Item x-lab://"))
        #expect(result.standardErrorText.contains("was deleted by another context's save, which 'ModelContext 0x"))
    }

    @Test("Touching a fault whose row was deleted stops the process with the message the run reports")
    func unfulfillableFaultTraps() async throws {
        // Given an item saved, then deleted; when a fresh context's model(for:) fault is read
        let result = try await #require(processExitsWith: .failure,
                                        observing: [\.standardOutputContent, \.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let id = try await IDPassing.saveItem(in: container)
            try await IDPassing.deleteItem(id, in: container)
            FileHandle.standardOutput.write(Data((IDPassing.faultTrapMessage(for: id) + "\n").utf8))
            _ = await IDPassing.readThroughModelFor(id, in: container)
        }

        // Then the process stopped with exactly the message the lesson predicts for that identifier
        let predicted = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(predicted.hasPrefix("could not fulfill a fault for x-lab://"))
        #expect(result.standardErrorText.contains(predicted))
    }

    @Test("The same read succeeds while the row exists")
    func faultFulfillsWhileTheRowExists() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let id = try await IDPassing.saveItem(in: container)

        #expect(await IDPassing.readThroughModelFor(id, in: container) == IDPassing.savedTimestamp)
    }
}
