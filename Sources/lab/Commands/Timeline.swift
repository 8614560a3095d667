import ArgumentParser
import Foundation
import Scenarios

/// `lab timeline --svg FILE`: article 004's Time Profiler picture, as an SVG.
struct Timeline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the main queue's busy spans and heartbeat delays during a main-context and a background import.")

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
        let main = try await ImportBench.run(.mainContext, items: items, in: environment)
        let background = try await ImportBench.run(.backgroundContext, items: items, in: environment)
        let drawing = TimelineSVG(runs: [main, background]).render()
        let url = URL(fileURLWithPath: svg)
        do {
            try Data(drawing.utf8).write(to: url)
        } catch {
            throw LabFailure(message: "cannot write \(url.path): \(error.localizedDescription)")
        }
        if output.json {
            return try JSONOutput.print(["svg": url.path, "timelines": "\([main, background].map(\.place.id))"])
        }
        Terminal.standardOutput.line("Wrote \(url.path): the main queue during a main-context import "
            + String(format: "(blocked %.0f%%)", main.mainQueueBlockedShare * 100)
            + " and a background import " + String(format: "(blocked %.0f%%)", background.mainQueueBlockedShare * 100)
            + ". Open it in a browser.")
    }
}
