import ArgumentParser
import Scenarios

/// `lab list`: the scenarios, one line each.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the scenarios.")

    @OptionGroup var output: OutputOptions

    func run() throws {
        if output.json { return try JSONOutput.print(ScenarioCatalog.infos) }
        let terminal = Terminal.standardOutput
        let width = ScenarioCatalog.infos.map(\.id.count).max() ?? 0
        for (offset, info) in ScenarioCatalog.infos.enumerated() {
            let id = info.id.padding(toLength: width, withPad: " ", startingAt: 0)
            terminal.line("\(offset + 1). \(terminal.paint(id, .cyan))  \(info.title)  " + terminal.paint("(" + info.articles.map(\.rawValue).joined(separator: ", ") + ")", .gray))
        }
    }
}
