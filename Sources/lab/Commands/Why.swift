import ArgumentParser
import Foundation
import LabSupport
import PersistenceCore
import TraceViews
import Lessons

/// `lab why <lesson>`: runs a lesson under the trace recorder and says, for each change that did
/// not reach a list, where its journey stopped. The lessons it explains are those whose lists miss
/// changes (``ListLesson``): each names its lists' lanes.
struct Why: AsyncParsableCommand {
    /// The lessons whose lists miss changes, in course order.
    static var lessons: [any ListLesson.Type] { LessonCatalog.all.compactMap { $0 as? any ListLesson.Type } }
    static var lessonIDs: String { lessons.map { $0.info.id }.joined(separator: " or ") }

    static let configuration = CommandConfiguration(
        abstract: "Why didn't it update? Run a lesson traced and name the first missing link of each change its lists did not show.",
        discussion: """
            Runs a lesson whose lists miss changes (\(lessonIDs); the first is the default) under the \
            trace recorder, then follows every change another context saved, a batch request made or \
            another process committed to each of the lesson's lists: saved, fetched from history, \
            merged (or not, and why), delivered by the list's results observer (or not, and why). The \
            same answers come from Trace.explain(_:in:) and Trace.undelivered(in:) in your own tests.
            """)

    @Argument(help: ArgumentHelp("The lesson: \(lessonIDs).", valueName: "lesson"))
    var lesson: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let type = try lesson.map(LessonLookup.find) ?? Self.lessons[0]
        guard let lanes = (type as? any ListLesson.Type)?.listLanes else {
            throw LabFailure(message: "lab why explains \(Self.lessonIDs), whose lists miss changes; '\(type.info.id)' has no list to explain (use `lab trace \(type.info.id)` to see its lanes)")
        }
        let environment = try store.environment()
        let (_, trace) = try await TraceRecorder.record { try await LessonCatalog.run(type, in: environment) }
        let answers = lanes.map { lane in (lane, trace.undelivered(in: lane)) }
        if output.json {
            return try JSONOutput.print(answers.map { lane, journeys in
                ["lane": lane, "missed": journeys.map(\.description).joined(separator: "\n")]
            })
        }
        for (lane, journeys) in answers {
            Terminal.standardOutput.line(Terminal.standardOutput.paint(lane, .cyan))
            if journeys.isEmpty {
                Terminal.standardOutput.line("  every change reached the list")
            }
            for journey in journeys {
                Terminal.standardOutput.line("  - " + journey.description)
            }
        }
    }
}
