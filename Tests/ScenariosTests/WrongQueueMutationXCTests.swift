import Scenarios
import XCTest

/// wrong-queue-mutation under XCTest: the same outcome, asserted the XCTest way.
final class WrongQueueMutationXCTests: XCTestCase {
    func testStrayWrite_landsSilently_whenChecksAreOff() async throws {
        let off = try await SharedRuns.wrongQueueMutation.value.off

        XCTAssertNotEqual(off.writerQueue, off.contextQueue)
        XCTAssertEqual(off.seen, off.written)
        XCTAssertTrue(off.contextHasChanges)
        XCTAssertTrue(off.violations.isEmpty)
    }

    func testStrayWrite_isRecordedWithBothQueues_underRecord() async throws {
        let outcome = try await SharedRuns.wrongQueueMutation.value
        let violation = try XCTUnwrap(outcome.record.violations.first)

        XCTAssertEqual(outcome.record.violations.count, 1)
        XCTAssertEqual(violation.operation, "Item.count set")
        XCTAssertEqual(violation.thread, outcome.record.writerQueue)
        XCTAssertEqual(violation.expectedQueue, outcome.record.contextQueue)
        XCTAssertEqual(outcome.trapMessage, violation.description)
    }

    func testStrayWrite_hopsOntoTheContextQueue_underAutoDispatch() async throws {
        let auto = try await SharedRuns.wrongQueueMutation.value.autoDispatch

        XCTAssertEqual(auto.seen, auto.written)
        XCTAssertTrue(auto.contextHasChanges)
        XCTAssertTrue(auto.violations.isEmpty)
    }

    func testUnsynchronisedRace_countsItsLostUpdates() async throws {
        guard WrongQueueMutation.racesInThisProcess else {
            throw XCTSkip("ThreadSanitizer would report the deliberate race; Scripts/race-under-tsan.sh runs it")
        }
        let outcome = try await SharedRuns.wrongQueueMutation.value
        let race = try XCTUnwrap(outcome.unsynchronisedRace)

        XCTAssertEqual(race.expected, race.threads * race.incrementsPerThread)
        XCTAssertEqual(race.lost, race.expected - race.observed)
        XCTAssertTrue((0...race.expected).contains(race.lost))
    }

    func testIncrements_loseNothing_insidePerformAndWait() async throws {
        let race = try await SharedRuns.wrongQueueMutation.value.performRace

        XCTAssertEqual(race.observed, race.expected)
        XCTAssertEqual(race.lost, 0)
    }

    func testReport_isDemonstrated() async throws {
        let outcome = try await SharedRuns.wrongQueueMutation.value

        XCTAssertTrue(WrongQueueMutation().report(outcome).demonstrated)
    }
}
