import ArgumentParser
import Foundation
import PersistenceCore
import Scenarios

/// `lab why <lesson>`: runs a lesson under the trace recorder and says, for each change that did
/// not reach a list, where its journey stopped.
struct Why: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Why didn't it update? Run a lesson traced and name the first missing link of each change its lists did not show.",
        discussion: """
            Runs list-that-does-not-update under the trace recorder, then follows every change a model \
            actor saved or a batch request made to each of the lesson's lists: saved, merged (or not, \
            and why), delivered by the list's results observer (or not, and why). The same answers \
            come from Trace.explain(_:in:) and Trace.undelivered(in:) in your own tests.
            """)

    @Argument(help: "The lesson: list-that-does-not-update.")
    var lesson: String = ListThatDoesNotUpdate.info.id

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard lesson == ListThatDoesNotUpdate.info.id else {
            _ = try ScenarioLookup.find(lesson)
            throw LabFailure(message: "lab why explains \(ListThatDoesNotUpdate.info.id), whose lists miss changes; '\(lesson)' has no list to explain (use `lab trace \(lesson)` to see its lanes)")
        }
        let environment = try store.environment()
        let (_, trace) = try await TraceRecorder.record { try await ListThatDoesNotUpdate().run(in: environment) }
        let lanes = ListThatDoesNotUpdate.Merging.allCases.map { ($0, ListThatDoesNotUpdate.listLane($0)) }
        let answers = lanes.map { merging, lane in (merging, lane, trace.undelivered(in: lane)) }
        if output.json {
            return try JSONOutput.print(answers.map { _, lane, journeys in
                ["lane": lane, "missed": journeys.map(\.description).joined(separator: "\n")]
            })
        }
        for (_, lane, journeys) in answers {
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
