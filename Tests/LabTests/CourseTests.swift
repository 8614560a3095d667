import Foundation
import Lessons
import TestSupport
import Testing

/// The learner's path: `swift run lab` opens on one screen of the course and runs the next lesson;
/// the next run picks up where the last one stopped.
@Suite("The course: one screen, one lesson, then the next")
struct CourseTests {
    @Test("A first run shows the course on one screen, runs lesson 1 alone and says what to do next; a second run shows it seen and runs lesson 2")
    func firstAndSecondRun() async throws {
        let directory = TemporaryDirectory()
        let progress = ["LAB_PROGRESS": directory.file("progress.json").path]
        let first = try await LabProcess.run(["--in-memory"], environment: progress)
        #expect(first.status == 0, "\(first.standardError)")
        let lines = first.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lessonStart = try #require(lines.firstIndex { $0.hasPrefix("━━ ") })
        #expect(lessonStart <= 40, "the first screen takes \(lessonStart) lines")
        #expect(lines[..<lessonStart].allSatisfy { $0.count <= 100 }, "the first screen is 100 columns wide")
        #expect(lines.contains { $0.contains("0 of \(LessonCatalog.all.count) lessons seen") })
        #expect(lines.filter { $0.hasPrefix("━━ ") } == ["━━ 1/\(LessonCatalog.all.count) wrong-queue-mutation  A model changed from another queue"])
        #expect(lines.contains("Next steps"))
        #expect(lines.contains { $0.contains("swift run lab workshop wrong-queue-mutation") })
        #expect(lines.allSatisfy { $0.count <= 100 }, "every line fits 100 columns")
        #expect(lines.contains { $0.contains("LAB_LESSON=wrong-queue-mutation swift test --filter LessonChecks") })

        let second = try await LabProcess.run(["--in-memory"], environment: progress)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("1 of \(LessonCatalog.all.count) lessons seen"))
        #expect(second.standardOutput.contains("━━ 2/\(LessonCatalog.all.count) task-vs-detached"))

        let list = try await LabProcess.run(["list"], environment: progress)
        #expect(list.standardOutput.contains(/wrong-queue-mutation +seen/))
        #expect(list.standardOutput.contains("Next: swift run lab runs lesson 3"))

        let reset = try await LabProcess.run(["progress", "--reset"], environment: progress)
        #expect(reset.status == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.file("progress.json").path))
    }

    @Test("lab run wants a lesson or --all")
    func runWantsALesson() async throws {
        #expect(try await LabProcess.run(["run"]).status == 2)
        #expect(try await LabProcess.run(["run", "merge-conflicts", "--all"]).status == 2)
    }

    @Test("A lesson with many observations still prints at most 60 lines by default, and every one with --verbose")
    func lessonFitsTheEye() {
        let info = LessonCatalog.infos[0]
        let long = String(repeating: "an observation that takes more than one line when it is wrapped at the terminal's width ", count: 3)
        let report = LessonReport(
            wrongWay: Array(repeating: long, count: 30), rightWay: Array(repeating: long, count: 30),
            measurements: (0..<20).map { Measurement("a measurement \($0)", Double($0), unit: "ms") },
            checks: (0..<40).map { Check("claim \($0): " + long, holds: true) })
        let lines = LessonPrinter().lines(report, info: info, seconds: 1)
        #expect(lines.count + 2 <= LessonPrinter.lessonLineBudget)
        #expect(lines.contains { $0.contains("lab run \(info.id) --verbose") })
        let verbose = LessonPrinter(verbose: true).lines(report, info: info, seconds: 1)
        #expect(verbose.count > 200)
    }
}
