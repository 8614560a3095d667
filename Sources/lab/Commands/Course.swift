import ArgumentParser
import Foundation
import Scenarios

/// `lab` (no command): every scenario, in course order.
struct Course: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: "Run every scenario in order (the default).")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let environment = try store.environment()
        let terminal = Terminal.standardOutput
        if !output.json {
            terminal.line(terminal.bold("ConcurrencyLab") + ": \(ScenarioCatalog.all.count) scenarios, stores \(store.locationDescription)")
            terminal.line()
        }
        let start = ContinuousClock.now
        let runs = try await ScenarioRun.runAll(ScenarioCatalog.all, in: environment, json: output.json)
        if output.json {
            try JSONOutput.print(runs)
        } else {
            let shown = runs.filter { $0.report?.demonstrated == true }.count
            terminal.line("\(shown) of \(runs.count) scenarios demonstrated in \(String(format: "%.1f", (ContinuousClock.now - start).seconds)) s. "
                + "Next: `swift test` asserts them all; `lab explain <id>` says where to look.")
        }
        try ScenarioRun.check(runs)
    }
}
