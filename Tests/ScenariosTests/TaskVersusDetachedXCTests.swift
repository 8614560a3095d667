import Scenarios
import XCTest

/// task-vs-detached under XCTest: the same outcome, asserted the XCTest way.
final class TaskVersusDetachedXCTests: XCTestCase {
    func testContext_isMainQueue_whenCreatedInTask() async throws {
        let outcome = try await SharedRuns.taskVersusDetached.value

        XCTAssertEqual(outcome.inTask.kind, .mainQueue)
        XCTAssertEqual(outcome.inTask.queueLabel, "com.apple.main-thread")
        XCTAssertEqual(outcome.inTaskModifier.kind, .mainQueue)
    }

    func testContext_isPrivateQueue_whenCreatedInDetachedTask() async throws {
        let facts = try await SharedRuns.taskVersusDetached.value.inDetachedTask

        XCTAssertEqual(facts.kind, .privateQueue)
        XCTAssertNotEqual(facts.createdOn, "com.apple.main-thread")
        XCTAssertTrue(facts.queueLabel.hasPrefix("ModelContext 0x"), facts.queueLabel)
    }

    func testSecondMainQueueContext_doesNotSeeMainContextsRegisteredObjects() async throws {
        let two = try await SharedRuns.taskVersusDetached.value.twoMainContexts

        XCTAssertEqual(two.secondContextQueue, two.mainContextQueue)
        XCTAssertFalse(two.secondIsMainContext)
        XCTAssertTrue(two.registeredInMainContext)
        XCTAssertFalse(two.registeredInSecondContext)
        XCTAssertFalse(two.sameObjectInBoth)
    }

    func testReport_isDemonstrated() async throws {
        let outcome = try await SharedRuns.taskVersusDetached.value

        XCTAssertTrue(TaskVersusDetached().report(outcome).demonstrated)
    }
}
