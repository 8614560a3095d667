import Foundation
import Scenarios
import XCTest

/// background-storage again, under XCTest: the main-context import against the model actor's.
final class BackgroundStorageXCTests: XCTestCase {
    func testMainQueue_isBlockedLonger_whenImportingOnTheMainContext() async throws {
        let outcome = try await SharedRuns.backgroundStorage.value

        XCTAssertGreaterThan(outcome.onMainContext.maxDelayMilliseconds, outcome.onModelActor.maxDelayMilliseconds)
        XCTAssertGreaterThan(outcome.onMainContext.blockedShare, outcome.onModelActor.blockedShare)
    }

    func testViewModel_showsEveryImportedItem_eitherWay() async throws {
        let outcome = try await SharedRuns.backgroundStorage.value

        XCTAssertEqual(outcome.onMainContext.itemsShown, outcome.itemCount)
        XCTAssertEqual(outcome.onModelActor.itemsShown, outcome.itemCount)
        XCTAssertTrue(outcome.onMainContext.showsEveryImportedItem)
        XCTAssertTrue(outcome.onModelActor.showsEveryImportedItem)
    }

    func testReport_isDemonstrated() async throws {
        let report = BackgroundStorage().report(try await SharedRuns.backgroundStorage.value)

        XCTAssertTrue(report.demonstrated)
    }
}
