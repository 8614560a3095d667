import ArgumentParser
import Foundation
import LabSupport
import PersistenceCore
import TraceViews
import Lessons

/// `lab timeline --svg FILE`: article 004's Time Profiler picture, drawn by the trace recorder: the
/// main queue's busy spans during a main-context import and during a background one; with
/// `--lesson <id>`, that lesson's lanes (a ``TimelineLesson``), and a sentence of what they show.
struct Timeline: AsyncParsableCommand {
    /// The lessons it draws, in course order.
    static var lessons: [any TimelineLesson.Type] { LessonCatalog.all.compactMap { $0 as? any TimelineLesson.Type } }
    static var lessonIDs: String { lessons.map { $0.info.id }.joined(separator: " or ") }

    static let configuration = CommandConfiguration(
        abstract: "Draw where an import's work ran: the main queue busy during a main-context import, free during a background one.",
        discussion: """
            Records a main-context import and a background import of --items items under the trace \
            recorder and draws their lanes: the main queue (its busy spans, from the heartbeat), the \
            main context and the background context, each job, save and commit. With --lesson \
            (\(lessonIDs)), that lesson's lanes instead, and what they show; `lab trace <lesson> \
            --format svg` draws any lesson.
            """)

    @Option(name: .long, help: ArgumentHelp("Draw this lesson's lanes: \(lessonIDs).", valueName: "lesson"))
    var lesson: String?

    @Option(name: .long, help: ArgumentHelp("Where to write the SVG.", valueName: "FILE"))
    var svg: String

    @OptionGroup var size: ItemsOption
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let environment = try store.environment()
        if let lesson {
            let type = try LessonLookup.find(lesson)
            guard let drawn = type as? any TimelineLesson.Type else {
                throw LabFailure(message: "lab timeline --lesson draws \(Self.lessonIDs); for '\(type.info.id)' use `lab trace \(type.info.id) --format svg`")
            }
            return try await draw(drawn, in: environment)
        }
        let ((main, background), trace) = try await TraceRecorder.record {
            (try await ImportBench.run(.mainContext, items: size.items, in: environment),
             try await ImportBench.run(.backgroundContext, items: size.items, in: environment))
        }
        try finish(trace, title: "The main queue while \(size.items) items are imported: on the main context, then on a background context",
                   summary: "the main queue was blocked " + String(format: "%.0f%%", main.mainQueueBlockedShare * 100)
                    + " of the main-context import and " + String(format: "%.0f%%", background.mainQueueBlockedShare * 100)
                    + " of the background import")
    }

    /// Runs the lesson `Drawn` traced and draws its lanes.
    private func draw<Drawn: TimelineLesson>(_: Drawn.Type, in environment: LessonEnvironment) async throws {
        let lesson = Drawn(timelineItems: size.items)
        let (outcome, trace) = try await TraceRecorder.record { try await lesson.run(in: environment) }
        try finish(trace, title: "\(Drawn.info.id): \(Drawn.info.title)", summary: lesson.timelineSummary(outcome))
    }

    /// Writes the trace's picture and says what it shows.
    private func finish(_ trace: Trace, title: String, summary: String) throws {
        let url = URL(fileURLWithPath: svg)
        do {
            try Data(trace.svg(title: title).utf8).write(to: url)
        } catch {
            throw LabFailure(message: "cannot write \(url.path): \(error.localizedDescription)")
        }
        if output.json {
            return try JSONOutput.print(["svg": url.path, "lanes": trace.rowNames.joined(separator: "\n"), "summary": summary])
        }
        Terminal.standardOutput.line("Wrote \(url.path) (\(trace.rowNames.count) lanes): \(summary). Open it in a browser.")
    }
}
