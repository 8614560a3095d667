import Lessons
import XCTest

/// The same claims under XCTest: every lesson of the catalog, each claim asserted with its name.
///
/// XCTest has no parameterized tests, so one method walks the catalog; each failure names its
/// lesson and claim, and a new lesson is checked here without a line added.
final class LessonChecksXCTests: XCTestCase {
    func testClaims_holdForEveryLessonOfTheCatalog() async throws {
        let reports = try await SharedRuns.reports.value
        for info in SharedRuns.lessons.map({ $0.info }) {
            guard let report = reports[info.id] else {
                XCTFail("\(info.id) did not run")
                continue
            }
            XCTAssertFalse(report.checks.isEmpty, "\(info.id) made no claim")
            for check in report.checks {
                XCTAssertTrue(check.holds, "\(info.id): \(check)")
            }
        }
    }
}
