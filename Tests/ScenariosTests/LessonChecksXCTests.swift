import Scenarios
import XCTest

/// The same claims under XCTest, one test per lesson, each claim asserted with its name.
final class LessonChecksXCTests: XCTestCase {
    func testWrongQueueMutation() async throws { try await assertChecks(of: "wrong-queue-mutation") }
    func testTaskVsDetached() async throws { try await assertChecks(of: "task-vs-detached") }
    func testNonisolatedAsync() async throws { try await assertChecks(of: "nonisolated-async") }
    func testIDPassing() async throws { try await assertChecks(of: "id-passing") }
    func testModelActorExecutor() async throws { try await assertChecks(of: "model-actor-executor") }
    func testActorReentrancy() async throws { try await assertChecks(of: "actor-reentrancy") }
    func testWrongContextQueue() async throws { try await assertChecks(of: "wrong-context-queue") }
    func testMergeConflicts() async throws { try await assertChecks(of: "merge-conflicts") }
    func testChangeMerging() async throws { try await assertChecks(of: "change-merging") }
    func testListThatDoesNotUpdate() async throws { try await assertChecks(of: "list-that-does-not-update") }
    func testWidgetChange() async throws { try await assertChecks(of: "widget-change") }
    func testDeletedModel() async throws { try await assertChecks(of: "deleted-model") }
    func testEditScratchpad() async throws { try await assertChecks(of: "edit-scratchpad") }
    func testPrivateParentStack() async throws { try await assertChecks(of: "private-parent-stack") }
    func testNestedDeadlock() async throws { try await assertChecks(of: "nested-deadlock") }
    func testRelationshipFaults() async throws { try await assertChecks(of: "relationship-faults") }
    func testStarvedPool() async throws { try await assertChecks(of: "starved-pool") }
    func testBackgroundStorage() async throws { try await assertChecks(of: "background-storage") }
    func testReadsDuringImport() async throws { try await assertChecks(of: "reads-during-import") }
    func testCompilerLessons() async throws { try await assertChecks(of: "compiler-lessons") }

    func testEveryLessonHasATest() {
        XCTAssertEqual(ScenarioCatalog.infos.count, 20, "add a test above for each new lesson")
    }

    private func assertChecks(of lesson: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let reports = try await SharedRuns.reports.value
        let report = try XCTUnwrap(reports[lesson], "\(lesson) did not run", file: file, line: line)
        XCTAssertFalse(report.checks.isEmpty, "\(lesson) made no claim", file: file, line: line)
        for check in report.checks {
            XCTAssertTrue(check.holds, "\(lesson): \(check)", file: file, line: line)
        }
    }
}
