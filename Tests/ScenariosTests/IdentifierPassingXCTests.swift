import Scenarios
import XCTest

/// id-passing under XCTest: the same outcome, asserted the XCTest way.
final class IdentifierPassingXCTests: XCTestCase {
    func testModel_isRecordedAsAViolation_whenReadOnAnotherContextsQueue() async throws {
        let passed = try await SharedRuns.identifierPassing.value.passingTheModel

        XCTAssertEqual(passed.violations.map(\.operation), ["Item.timestamp get"])
        XCTAssertEqual(passed.violations.first?.expectedQueue, passed.ownerQueue)
    }

    func testIdentifier_isLookedUpAndUpdated_byAModelActor() async throws {
        let passed = try await SharedRuns.identifierPassing.value.passingTheIdentifier

        XCTAssertTrue(passed.storeHasTheUpdate)
        XCTAssertTrue(passed.violations.isEmpty)
    }

    func testLookups_differ_inAFreshContext() async throws {
        let lookups = try await SharedRuns.identifierPassing.value.lookups

        XCTAssertFalse(lookups.registeredModelFound)
        XCTAssertTrue(lookups.modelForWasFault)
        XCTAssertTrue(lookups.faultFulfilledWithSavedValue)
        XCTAssertFalse(lookups.existingModelWasFault)
    }

    func testLookups_afterTheRowIsDeleted() async throws {
        let deleted = try await SharedRuns.identifierPassing.value.afterDeletion

        XCTAssertFalse(deleted.registeredModelFound)
        XCTAssertTrue(deleted.existingModelThrewModelNotFound)
        XCTAssertTrue(deleted.modelForWasFault)
    }

    func testIdentifiers_becomePermanent_afterObtainingOrSaving() async throws {
        let ids = try await SharedRuns.identifierPassing.value.identifiers

        XCTAssertTrue(ids.temporaryAfterInsert)
        XCTAssertTrue(ids.permanentAfterObtaining)
        XCTAssertTrue(ids.unchangedBySave)
        XCTAssertTrue(ids.temporaryBeforeSave)
        XCTAssertTrue(ids.permanentAfterSave)
        XCTAssertFalse(ids.temporaryFoundByAnotherContext)
        XCTAssertFalse(ids.temporaryFoundByAnotherContextBeforeSave)
        XCTAssertFalse(ids.temporaryFoundBySavingContextAfterSave)
    }

    func testHeldModel_isInvalidated_whenAnotherContextsDeletionIsMerged() async throws {
        let held = try await SharedRuns.identifierPassing.value.heldAcrossDeletion

        XCTAssertFalse(held.registeredAfterMerge)
        XCTAssertFalse(held.hasContextAfterMerge)
        XCTAssertFalse(held.isDeletedAfterMerge)
        XCTAssertTrue(held.isFaultAfterMerge)
        XCTAssertTrue(held.refetchThrewModelNotFound)
    }

    func testArchivedURI_resolves_butMalformedAndForeignURIsDoNot() async throws {
        let archive = try await SharedRuns.identifierPassing.value.archive

        XCTAssertTrue(archive.resolvedToTheSameIdentifier)
        XCTAssertEqual(archive.resolvedItemCount, 42)
        XCTAssertFalse(archive.malformedResolved)
        XCTAssertFalse(archive.otherStoreResolved)
    }

    func testReport_isDemonstrated() async throws {
        let outcome = try await SharedRuns.identifierPassing.value

        XCTAssertTrue(IdentifierPassing().report(outcome).demonstrated)
    }
}
