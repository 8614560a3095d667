import ArgumentParser
import Foundation
import LabSupport
import PersistenceCore
import TraceViews
import Lessons

/// `lab trace <lesson> --format perfetto|text [-o FILE]`: runs a lesson under the trace recorder
/// and writes where each piece of its work ran, a lane per queue and context.
struct TraceLesson: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Run a lesson under the trace recorder and write its lanes: Perfetto's JSON, or text columns.",
        discussion: """
            Every job on every context's queue, each fetch, save and commit, each merge and results \
            observer delivery, batch requests, remote changes and concurrency violations, each on the \
            lane of the context or queue it belongs to. --format perfetto writes the Chrome trace event \
            format, with arrows from each save to its merges and from each merge to the deliveries it \
            caused: open the file at ui.perfetto.dev (or chrome://tracing). --format text prints the \
            same timeline as columns; --format svg draws the lanes and arrows as a picture, and --format html \
            puts that picture on one page with the lesson's checks; --format card draws only the lanes named \
            with --lane, in large type, for a thumbnail.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case perfetto, svg, html, text, card
    }

    @Argument(help: "The lesson's id (see `lab list`).")
    var lesson: String

    @Option(name: .long, help: "perfetto, svg, html, text or card.")
    var format: Format = .text

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Where to write the trace; the text format prints it when omitted.", valueName: "FILE"))
    var output: String?

    @Option(name: .customLong("lane"), help: ArgumentHelp("A lane the card draws, by name; repeat it for each (card only).", valueName: "NAME"))
    var lanes: [String] = []

    @Option(name: .long, help: "The picture's title (svg, html and card); by default the lesson's id and title.")
    var title: String?

    @Option(name: .long, help: "The text format's column width.")
    var columnWidth = 34

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if format != .text && output == nil { throw ValidationError("--format \(format.rawValue) needs -o FILE.") }
        guard (12...200).contains(columnWidth) else { throw ValidationError("--column-width must be between 12 and 200.") }
        if (format == .card) == lanes.isEmpty {
            throw ValidationError(format == .card ? "--format card needs at least one --lane NAME." : "--lane is for --format card.")
        }
    }

    func run() async throws {
        let type = try LessonLookup.find(lesson)
        let environment = try store.environment()
        let (report, trace) = try await TraceRecorder.record { try await LessonCatalog.run(type, in: environment) }
        let title = title ?? "\(type.info.id): \(type.info.title)"
        let rendered: Data = switch format {
        case .perfetto: try trace.chromeTraceJSON()
        case .svg: Data(trace.svg(title: title).utf8)
        case .html: Data(trace.html(title: title, notes: report.checks.map(\.description)).utf8)
        case .text: Data(trace.text(columnWidth: columnWidth).utf8)
        case .card: Data(trace.card(title: title, lanes: lanes).utf8)
        }
        let missing = lanes.filter { trace.lane(named: $0) == nil }
        guard missing.isEmpty else {
            throw LabFailure(message: "\(type.info.id) has no lane named \(missing.map { "'\($0)'" }.joined(separator: ", ")); its lanes: \(trace.rowNames.joined(separator: "; "))")
        }
        guard let output else {
            Terminal.standardOutput.line(String(decoding: rendered, as: UTF8.self))
            return
        }
        do {
            try rendered.write(to: URL(fileURLWithPath: output))
        } catch {
            throw LabFailure(message: "could not write \(output): \(error.localizedDescription)")
        }
        let saves = trace.events.filter { if case .commit = $0.kind { true } else { false } }.count
        let merges = trace.events.filter { if case .merge = $0.kind { true } else { false } }.count
        Terminal.standardOutput.line("Wrote \(output): \(trace.lanes.count) lanes, \(trace.events.count) events (\(saves) saves, \(merges) merges) "
            + "from \(type.info.id)\(report.demonstrated ? "" : ", which was not demonstrated")."
            + (format == .perfetto ? " Open it at ui.perfetto.dev or chrome://tracing." : format == .text ? "" : " Open it in a browser."))
    }
}
