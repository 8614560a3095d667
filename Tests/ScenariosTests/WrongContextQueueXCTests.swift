import Scenarios
import XCTest

/// wrong-context-queue under XCTest: the same outcome, asserted the XCTest way.
final class WrongContextQueueXCTests: XCTestCase {
    func testMainContextReset_isRecordedAgainstTheMainQueue_fromADetachedTask() async throws {
        let attempt = try await SharedRuns.wrongContextQueue.value.resetFromDetachedTask

        XCTAssertNotEqual(attempt.ranOn, "com.apple.main-thread")
        XCTAssertEqual(attempt.violations.map(\.operation), ["ModelContext.reset()"])
        XCTAssertEqual(attempt.violations.first?.expectedQueue, "com.apple.main-thread")
    }

    func testBackgroundItem_isRecordedTwice_whenInsertedAndAssignedOnTheMainQueue() async throws {
        let attempt = try await SharedRuns.wrongContextQueue.value.assignmentOnMainQueue

        XCTAssertEqual(attempt.ranOn, "com.apple.main-thread")
        XCTAssertEqual(attempt.violations.map(\.operation), ["ModelContext.insert(_:)", "Item.timestamp set"])
        XCTAssertTrue(attempt.violations.allSatisfy { $0.expectedQueue == attempt.contextQueue })
    }

    func testBothMistakes_recordNothing_insidePerform() async throws {
        let outcome = try await SharedRuns.wrongContextQueue.value

        XCTAssertEqual(outcome.resetWithPerform.ranOn, outcome.resetWithPerform.contextQueue)
        XCTAssertTrue(outcome.resetWithPerform.violations.isEmpty)
        XCTAssertEqual(outcome.assignmentWithPerform.ranOn, outcome.assignmentWithPerform.contextQueue)
        XCTAssertTrue(outcome.assignmentWithPerform.violations.isEmpty)
        XCTAssertEqual(outcome.itemsSavedByFix, 1)
    }

    func testReport_isDemonstrated() async throws {
        let outcome = try await SharedRuns.wrongContextQueue.value

        XCTAssertTrue(WrongContextQueue().report(outcome).demonstrated)
    }
}
