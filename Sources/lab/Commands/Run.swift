import ArgumentParser
import Scenarios

/// `lab run [<id>…]`: the scenarios named, in the order given, or every one in course order.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the scenarios you name, or all of them.")

    @Argument(help: "Scenario ids (see `lab list`); none runs every scenario, in course order.")
    var ids: [String] = []

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let types = ids.isEmpty ? ScenarioCatalog.all : try ids.map(ScenarioLookup.find)
        let runs = try await ScenarioRun.runAll(types, in: try store.environment(), json: output.json)
        if output.json { try JSONOutput.print(runs) }
        try ScenarioRun.check(runs)
    }
}

/// Finds a scenario by id, or fails with the nearest ids.
enum ScenarioLookup {
    static func find(_ id: String) throws -> any Scenario.Type {
        if let type = ScenarioCatalog.scenario(id: id) { return type }
        let nearest = ScenarioCatalog.suggestions(for: id)
        let hint = nearest.isEmpty ? "see `lab list`" : "did you mean " + nearest.joined(separator: ", ") + "?"
        throw LabFailure(message: "no scenario '\(id)': \(hint)")
    }
}
