import ArgumentParser
import Foundation
import Scenarios

/// `lab timeline --svg FILE`: article 004's Time Profiler picture, as an SVG; with
/// `--reads-during-import`, the list's frames during that lesson's three imports.
struct Timeline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the main queue's busy spans and heartbeat delays during a main-context and a background import.",
        discussion: "With --reads-during-import, draw that lesson's lanes instead: the main context's frames and the background saves, with one shared connection, with readers, and saved in batches with pinned frames. With --list-that-does-not-update, draw which changes reached that lesson's list in each lane, and how long after their save.")

    @Flag(name: .customLong("reads-during-import"), help: "Draw the reads-during-import lesson's frames and saves.")
    var readsDuringImport = false

    @Flag(name: .customLong("list-that-does-not-update"), help: "Draw which changes reached the list-that-does-not-update lesson's list, and how fast.")
    var listThatDoesNotUpdate = false

    @Option(name: .long, help: ArgumentHelp("Where to write the SVG.", valueName: "FILE"))
    var svg: String

    @Option(name: .long, help: "How many items each import inserts.")
    var items = 20_000

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...5_000_000).contains(items) else { throw ValidationError("--items must be between 1 and 5000000.") }
    }

    func run() async throws {
        let environment = try store.environment()
        if readsDuringImport && listThatDoesNotUpdate {
            throw ValidationError("Choose one of --reads-during-import and --list-that-does-not-update.")
        }
        if readsDuringImport { return try await drawReads(in: environment) }
        if listThatDoesNotUpdate { return try await drawList(in: environment) }
        let main = try await ImportBench.run(.mainContext, items: items, in: environment)
        let background = try await ImportBench.run(.backgroundContext, items: items, in: environment)
        let url = try write(TimelineSVG(runs: [main, background]).render())
        if output.json {
            return try JSONOutput.print(["svg": url.path, "timelines": "\([main, background].map(\.place.id))"])
        }
        Terminal.standardOutput.line("Wrote \(url.path): the main queue during a main-context import "
            + String(format: "(blocked %.0f%%)", main.mainQueueBlockedShare * 100)
            + " and a background import " + String(format: "(blocked %.0f%%)", background.mainQueueBlockedShare * 100)
            + ". Open it in a browser.")
    }

    /// Runs the reads-during-import lesson with `items` items per lane and draws its lanes.
    private func drawReads(in environment: ScenarioEnvironment) async throws {
        let scenario = ReadsDuringImport(itemCount: items)
        let outcome = try await scenario.run(in: environment)
        let url = try write(ReadsTimelineSVG(outcome: outcome).render())
        let shared = outcome.sharedConnection, pool = outcome.readerPool
        if output.json {
            return try JSONOutput.print(["svg": url.path, "timelines": "[shared-connection, reader-pool, batched-pinned]"])
        }
        Terminal.standardOutput.line("Wrote \(url.path): the list's longest frame took "
            + String(format: "%.0f ms with one shared connection and %.0f ms with readers, ", shared.longestReadMilliseconds, pool.longestReadMilliseconds)
            + String(format: "beside saves of %.0f and %.0f ms. Open it in a browser.", shared.longestSaveMilliseconds, pool.longestSaveMilliseconds))
    }

    /// Runs the list-that-does-not-update lesson and draws its lanes.
    private func drawList(in environment: ScenarioEnvironment) async throws {
        let outcome = try await ListThatDoesNotUpdate().run(in: environment)
        let url = try write(ListTimelineSVG(outcome: outcome).render())
        if output.json {
            return try JSONOutput.print(["svg": url.path, "timelines": "[no-merging, automatic-merging, batch-merged-by-hand]"])
        }
        let reached = [outcome.noMerging, outcome.automaticMerging, outcome.batchMergedByHand]
            .map { lane in "\(lane.steps.filter(\.delivered).count) of \(lane.steps.count)" }
        Terminal.standardOutput.line("Wrote \(url.path): changes that reached the list: \(reached[0]) without merging, "
            + "\(reached[1]) with automatic merging, \(reached[2]) with the batch merged by hand. Open it in a browser.")
    }

    private func write(_ drawing: String) throws -> URL {
        let url = URL(fileURLWithPath: svg)
        do {
            try Data(drawing.utf8).write(to: url)
        } catch {
            throw LabFailure(message: "cannot write \(url.path): \(error.localizedDescription)")
        }
        return url
    }
}
