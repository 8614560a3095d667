import Foundation
import PersistenceCore
import Scenarios
import Testing

/// Articles 000, 003 and 004: pass the identifier, not the model. The unfulfillable fault traps
/// for real in an exit test.
@Suite("id-passing: pass the identifier, not the model")
struct IdentifierPassingTests {
    func outcome() async throws -> IdentifierPassing.Outcome {
        try await SharedRuns.identifierPassing.value
    }

    @Test("A model read inside another context's perform is a violation naming both queues")
    func passingTheModelIsCaught() async throws {
        let passed = try await outcome().passingTheModel

        #expect(passed.readTheValue, "the wrong way usually 'works'")
        #expect(passed.violations.map(\.operation) == ["Item.timestamp get"])
        #expect(passed.violations.first?.thread == passed.readerQueue)
        #expect(passed.violations.first?.expectedQueue == passed.ownerQueue)
    }

    @Test("An identifier passed to a model actor is looked up there, and the update is saved")
    func passingTheIdentifierWorks() async throws {
        let passed = try await outcome().passingTheIdentifier

        #expect(passed.actorQueue.hasPrefix("ModelContext 0x"))
        #expect(passed.storeHasTheUpdate)
        #expect(passed.violations.isEmpty)
    }

    @Test("registeredModel finds nothing in a context that never saw the item")
    func registeredModelIsNilInAFreshContext() async throws {
        #expect(try await outcome().lookups.registeredModelFound == false)
    }

    @Test("model(for:) hands out a fault that loads the row on first read")
    func modelForReturnsAFault() async throws {
        let lookups = try await outcome().lookups

        #expect(lookups.modelForWasFault)
        #expect(lookups.faultFulfilledWithSavedValue)
        #expect(!lookups.faultAfterRead)
    }

    @Test("existingModel never returns a fault")
    func existingModelIsNeverAFault() async throws {
        let lookups = try await outcome().lookups

        #expect(!lookups.existingModelWasFault)
        #expect(lookups.existingModelHadSavedValue)
    }

    @Test("After the row is deleted: registeredModel is nil, existingModel throws modelNotFound, model(for:) still hands out a fault")
    func lookupsAfterDeletion() async throws {
        let deleted = try await outcome().afterDeletion

        #expect(!deleted.registeredModelFound)
        #expect(deleted.existingModelThrewModelNotFound)
        #expect(deleted.existingModelError?.hasPrefix("No stored model has the identifier x-lab://") == true)
        #expect(deleted.modelForWasFault)
        #expect(deleted.faultTrapMessage.hasPrefix("could not fulfill a fault for x-lab://"))
    }

    @Test("An identifier is temporary until obtainPermanentIdentifiers or a save, and permanent after")
    func temporaryThenPermanent() async throws {
        let ids = try await outcome().identifiers

        #expect(ids.temporaryAfterInsert)
        #expect(ids.temporaryURI.contains("/Item/t"))
        #expect(ids.permanentAfterObtaining)
        #expect(ids.permanentURI.contains("/Item/p"))
        #expect(ids.unchangedBySave)
        #expect(ids.temporaryBeforeSave)
        #expect(ids.permanentAfterSave)
    }

    @Test("A temporary identifier means nothing to another context, before or after the save")
    func temporaryIdentifierIsLocal() async throws {
        let ids = try await outcome().identifiers

        #expect(ids.temporaryFoundByAnotherContextBeforeSave == false)
        #expect(ids.temporaryFoundByAnotherContext == false)
    }

    @Test("Once saved, the old temporary identifier finds nothing, even in the context that saved it")
    func temporaryIdentifierExpiresWithTheSave() async throws {
        #expect(try await outcome().identifiers.temporaryFoundBySavingContextAfterSave == false)
    }

    @Test("A model held across another context's deletion leaves its context, invalidated; the identifier is fetched again")
    func heldModelIsInvalidated() async throws {
        let held = try await outcome().heldAcrossDeletion

        #expect(!held.registeredAfterMerge)
        #expect(!held.hasContextAfterMerge)
        #expect(!held.isDeletedAfterMerge, "isDeleted means pending; this deletion is done")
        #expect(held.isFaultAfterMerge)
        #expect(held.refetchThrewModelNotFound)
    }

    @Test("Touching the held model after the merged deletion stops the process, naming its URI and what happened")
    func heldModelTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            _ = try await IdentifierPassing.touchHeldItemAfterDeletion(in: container)
        }

        #expect(result.standardErrorText.contains("This model instance was invalidated (Item.timestamp get): Item x-lab://"))
        #expect(result.standardErrorText.contains("was deleted by another context's save, which 'ModelContext 0x"))
    }

    @Test("An archived URI string resolves to the same identifier; a malformed or another store's does not")
    func archivedURIResolves() async throws {
        let archive = try await outcome().archive

        #expect(archive.archived.hasPrefix("x-lab://"))
        #expect(archive.resolvedToTheSameIdentifier)
        #expect(archive.resolvedItemCount == 42)
        #expect(!archive.malformedResolved)
        #expect(!archive.otherStoreResolved)
    }

    @Test("The report shows the caught model, the three lookups, the identifiers and the archive")
    func reportDemonstrates() async throws {
        let report = IdentifierPassing().report(try await outcome())

        #expect(report.demonstrated)
        #expect(report.wrongWay.contains { $0.contains("could not fulfill a fault") })
    }

    @Test("Touching a fault whose row was deleted stops the process with the message the run reports")
    func unfulfillableFaultTraps() async throws {
        // Given an item saved, then deleted; when a fresh context's model(for:) fault is read
        let result = try await #require(processExitsWith: .failure,
                                        observing: [\.standardOutputContent, \.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let id = try await IdentifierPassing.saveItem(in: container)
            try await IdentifierPassing.deleteItem(id, in: container)
            FileHandle.standardOutput.write(Data((IdentifierPassing.faultTrapMessage(for: id) + "\n").utf8))
            _ = await IdentifierPassing.readThroughModelFor(id, in: container)
        }

        // Then the process stopped with exactly the message the scenario predicts for that identifier
        let predicted = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(predicted.hasPrefix("could not fulfill a fault for x-lab://"))
        #expect(result.standardErrorText.contains(predicted))
    }

    @Test("The same read succeeds while the row exists")
    func faultFulfillsWhileTheRowExists() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let id = try await IdentifierPassing.saveItem(in: container)

        #expect(await IdentifierPassing.readThroughModelFor(id, in: container) == IdentifierPassing.savedTimestamp)
    }
}
