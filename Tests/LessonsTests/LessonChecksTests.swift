import Lessons
import Testing

/// Every claim every lesson makes, one test case each, in course order: `swift test` reads as the
/// course. Each claim is computed by its lesson from what ran (see `Check`); the measured values
/// are in the failure message.
@Suite("Lessons: each claim, checked against what ran")
struct LessonChecksTests {
    @Test("Claim", arguments: try await SharedRuns.allChecks())
    func claimHolds(_ claim: LessonCheck) {
        #expect(claim.check.holds, "\(claim.check)")
    }

    @Test("Every lesson makes at least three claims, and is demonstrated")
    func everyLessonIsDemonstrated() async throws {
        let reports = try await SharedRuns.reports.value
        for info in SharedRuns.lessons.map({ $0.info }) {
            let report = try #require(reports[info.id], "\(info.id) did not run")
            #expect(report.checks.count >= 3, "\(info.id)")
            #expect(report.demonstrated, "\(info.id)")
        }
    }
}
