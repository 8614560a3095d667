import PersistenceCore
import Scenarios
import XCTest

/// change-merging again, under XCTest: unmerged, merged by hand, merged automatically.
final class ChangeMergingXCTests: XCTestCase {
    private let store = [PersonValues(name: "Ada", age: 37, sex: "f"), PersonValues(name: "Carol", age: 28, sex: "f")]

    func testMainContext_showsStaleValuesAndTheDeletedObject_whenNotMerged() async throws {
        let outcome = try await ChangeMerging().run(in: .test)

        XCTAssertEqual(outcome.store, store)
        XCTAssertEqual(outcome.notMerged.adaAge, 36)
        XCTAssertTrue(outcome.notMerged.bobStillRegistered)
        XCTAssertEqual(outcome.notMerged.fetched.map(\.age), [36, 28])
    }

    func testMainContext_showsTheStore_whenMergedByHandFromDidSave() async throws {
        let outcome = try await ChangeMerging().run(in: .test)

        XCTAssertEqual(outcome.changesMergedByHand, ChangeMerging.ChangeCounts(inserted: 1, updated: 1, deleted: 1))
        XCTAssertEqual(outcome.mergedByHand.adaAge, 37)
        XCTAssertFalse(outcome.mergedByHand.bobStillRegistered)
        XCTAssertEqual(outcome.mergedByHand.fetched, store)
    }

    func testMainContext_showsTheStore_whenMergingAutomatically() async throws {
        let outcome = try await ChangeMerging().run(in: .test)

        XCTAssertEqual(outcome.mergedAutomatically.adaAge, 37)
        XCTAssertFalse(outcome.mergedAutomatically.bobStillRegistered)
        XCTAssertEqual(outcome.mergedAutomatically.fetched, store)
    }

    func testBatchUpdate_bypassesAutomaticMerging_untilMergedByHand() async throws {
        let batch = try await ChangeMerging().run(in: .test).batch

        XCTAssertEqual(batch.didSavePosted, 0)
        XCTAssertEqual(batch.adaAgeWithAutomaticMerging, 36)
        XCTAssertEqual(batch.adaAgeAfterMergingByHand, 50)
    }

    func testReport_isDemonstrated() async throws {
        let scenario = ChangeMerging()

        let report = scenario.report(try await scenario.run(in: .test))

        XCTAssertTrue(report.demonstrated)
    }
}
