import PersistenceCore
import Scenarios
import XCTest

/// merge-conflicts again, under XCTest: article 003's example under every policy.
final class MergeConflictsXCTests: XCTestCase {
    private let contextEdit = PersonValues(name: "Ada L.", age: 40, sex: "f")
    private let batchEdit = PersonValues(name: "Ada", age: 30, sex: "x")

    func testSave_throwsAndWritesNothing_underTheDefaultErrorPolicy() async throws {
        let outcome = try await MergeConflicts().run(in: .test)
        let row = try XCTUnwrap(outcome[.error])

        XCTAssertFalse(row.saved)
        let conflict = try XCTUnwrap(row.conflict)
        XCTAssertEqual(conflict.oldVersionNumber, 1)
        XCTAssertEqual(conflict.newVersionNumber, 2)
        XCTAssertEqual(conflict.persisted, batchEdit)
        XCTAssertEqual(row.store, batchEdit)
        XCTAssertEqual(row.memory, contextEdit)
    }

    func testSave_keepsNameAndAgeFromTheContextAndSexFromTheBatch_underObjectTrump() async throws {
        let outcome = try await MergeConflicts().run(in: .test)
        let row = try XCTUnwrap(outcome[.mergeByPropertyObjectTrump])

        XCTAssertTrue(row.saved)
        XCTAssertEqual(row.store, PersonValues(name: "Ada L.", age: 40, sex: "x"))
        XCTAssertEqual(row.memory, row.store)
    }

    func testEveryPolicy_resolvesTheConflictItsOwnWay() async throws {
        let outcome = try await MergeConflicts().run(in: .test)

        XCTAssertEqual(outcome[.mergeByPropertyStoreTrump]?.store, PersonValues(name: "Ada L.", age: 30, sex: "x"))
        XCTAssertEqual(outcome[.overwrite]?.store, contextEdit)
        XCTAssertEqual(outcome[.rollback]?.store, batchEdit)
        XCTAssertEqual(outcome[.rollback]?.memory, batchEdit)
        XCTAssertEqual(outcome[.custom]?.store, PersonValues(name: "Ada L.", age: 40, sex: "x"))
        XCTAssertEqual(outcome.results.filter(\.saved).count, MergeConflicts.Policy.allCases.count - 1, "all but .error save")
    }

    func testAutoMergingMainContext_stillConflicts_untilTheBatchIsMergedByHand() async throws {
        let outcome = try await MergeConflicts().run(in: .test)

        XCTAssertEqual(outcome.autoMergingMainContext.shownAfterBatch, PersonValues(name: "Ada", age: 36, sex: "f"))
        XCTAssertTrue(outcome.autoMergingMainContext.threwConflict)
        XCTAssertEqual(outcome.batchMergedByHand.shownAfterBatch, batchEdit)
        XCTAssertTrue(outcome.batchMergedByHand.saved)
        XCTAssertEqual(outcome.batchMergedByHand.store, PersonValues(name: "Ada L.", age: 40, sex: "x"))
    }

    func testReport_isDemonstrated() async throws {
        let scenario = MergeConflicts()

        let report = scenario.report(try await scenario.run(in: .test))

        XCTAssertTrue(report.demonstrated)
        XCTAssertEqual(report.measurements.map(\.value), [1, 2])
    }
}
