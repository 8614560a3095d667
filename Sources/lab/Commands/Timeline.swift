import ArgumentParser
import Foundation
import LabSupport
import PersistenceCore
import TraceViews
import Scenarios

/// `lab timeline --svg FILE`: article 004's Time Profiler picture, drawn by the trace recorder: the
/// main queue's busy spans during a main-context import and during a background one; with
/// `--reads-during-import` or `--list-that-does-not-update`, that lesson's lanes.
struct Timeline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw where an import's work ran: the main queue busy during a main-context import, free during a background one.",
        discussion: """
            Records a main-context import and a background import of --items items under the trace \
            recorder and draws their lanes: the main queue (its busy spans, from the heartbeat), the \
            main context and the background context, each job, save and commit. With \
            --reads-during-import, the same picture of that lesson (its imports of --items items beside \
            the list's frames); with --list-that-does-not-update, of that lesson (which saves each \
            list merged, with arrows to what its observer showed). `lab trace <lesson> --format svg` \
            draws any lesson.
            """)

    @Flag(name: .customLong("reads-during-import"), help: "Draw the reads-during-import lesson's lanes.")
    var readsDuringImport = false

    @Flag(name: .customLong("list-that-does-not-update"), help: "Draw the list-that-does-not-update lesson's lanes.")
    var listThatDoesNotUpdate = false

    @Option(name: .long, help: ArgumentHelp("Where to write the SVG.", valueName: "FILE"))
    var svg: String

    @OptionGroup var size: ItemsOption
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if readsDuringImport && listThatDoesNotUpdate {
            throw ValidationError("Choose one of --reads-during-import and --list-that-does-not-update.")
        }
    }

    func run() async throws {
        let environment = try store.environment()
        if readsDuringImport {
            let (outcome, trace) = try await TraceRecorder.record { try await ReadsDuringImport(itemCount: size.items).run(in: environment) }
            let (shared, pool) = (outcome.sharedConnection, outcome.readerPool)
            return try finish(trace, title: "\(ReadsDuringImport.info.id): \(ReadsDuringImport.info.title)",
                              summary: "the list's longest frame took "
                                + String(format: "%.0f ms with one shared connection and %.0f ms with readers, ", shared.longestReadMilliseconds, pool.longestReadMilliseconds)
                                + String(format: "beside saves of %.0f and %.0f ms", shared.longestSaveMilliseconds, pool.longestSaveMilliseconds))
        }
        if listThatDoesNotUpdate {
            let (outcome, trace) = try await TraceRecorder.record { try await ListThatDoesNotUpdate().run(in: environment) }
            let reached = [outcome.noMerging, outcome.automaticMerging, outcome.batchMergedByHand]
                .map { lane in "\(lane.steps.filter(\.delivered).count) of \(lane.steps.count)" }
            return try finish(trace, title: "\(ListThatDoesNotUpdate.info.id): \(ListThatDoesNotUpdate.info.title)",
                              summary: "changes that reached the list: \(reached[0]) without merging, "
                                + "\(reached[1]) with automatic merging, \(reached[2]) with the batch merged by hand")
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
