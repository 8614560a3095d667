import ArgumentParser
import Foundation
import LabSupport
import PersistenceCore
import TraceViews
import Scenarios

/// `lab why <lesson>`: runs a lesson under the trace recorder and says, for each change that did
/// not reach a list, where its journey stopped.
struct Why: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Why didn't it update? Run a lesson traced and name the first missing link of each change its lists did not show.",
        discussion: """
            Runs list-that-does-not-update (the default) or widget-change under the trace recorder, \
            then follows every change another context saved, a batch request made or another process \
            committed to each of the lesson's lists: saved, fetched from history, merged (or not, and \
            why), delivered by the list's results observer (or not, and why). The same answers come \
            from Trace.explain(_:in:) and Trace.undelivered(in:) in your own tests.
            """)

    @Argument(help: "The lesson: list-that-does-not-update or widget-change.")
    var lesson: String = ListThatDoesNotUpdate.info.id

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    /// The lessons whose lists miss changes, and the lanes of their lists.
    private static let lessons: [String: [String]] = [
        ListThatDoesNotUpdate.info.id: ListThatDoesNotUpdate.Merging.allCases.map(ListThatDoesNotUpdate.listLane),
        WidgetChange.info.id: [WidgetChange.automaticMergingListLane, WidgetChange.historyListLane],
    ]

    func run() async throws {
        let type = try ScenarioLookup.find(lesson)
        guard let lanes = Self.lessons[type.info.id] else {
            throw LabFailure(message: "lab why explains \(Self.lessons.keys.sorted().joined(separator: " and ")), whose lists miss changes; '\(lesson)' has no list to explain (use `lab trace \(lesson)` to see its lanes)")
        }
        let environment = try store.environment()
        let (_, trace) = try await TraceRecorder.record { try await ScenarioCatalog.run(type, in: environment) }
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
