import Foundation
import LabSupport
import Lessons
import Testing

/// `lesson-helper`, the lessons' second process: it runs the part of a lesson the lesson starts
/// it for, and refuses what no lesson asked for, saying what it takes.
@Suite("The lessons' helper process")
struct LessonHelperTests {
    @Test("Every lesson with a second process is one the helper runs: nested-deadlock handing over prints both lines and exits")
    func runsALessonsSecondProcess() async throws {
        let run = try await ChildProcess.run(try lessonHelper(), ["nested-deadlock", "handing-over"], within: .seconds(60))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "both busy\ndone\n")
    }

    @Test("No lesson, an unknown one or one without a second process: exit status 64, naming the lessons it runs")
    func refusesAnUnknownLesson() async throws {
        let ids = LessonCatalog.all.compactMap { $0 as? any SecondProcessLesson.Type }.map { $0.info.id }
        #expect(ids == ["starved-pool", "widget-change", "nested-deadlock"])
        for arguments in [[], ["no-such-lesson"], ["wrong-queue-mutation"]] {
            let run = try await ChildProcess.run(try lessonHelper(), arguments, within: .seconds(60))
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardError.contains(ids.joined(separator: ", ")), "\(run.standardError)")
        }
    }

    @Test("A lesson's bad argument: exit status 1 and the lesson's own words")
    func refusesABadArgument() async throws {
        let run = try await ChildProcess.run(try lessonHelper(), ["starved-pool", "sideways"], within: .seconds(60))
        #expect(run.status == 1)
        #expect(run.standardError.contains("starved-pool takes one argument, blocking or suspending"), "\(run.standardError)")
    }
}
