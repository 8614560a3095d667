import ArgumentParser
import LabSupport
import Lessons

/// `lab explain <id>`: the rule, which framework each way is, the why, and where to look.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain a lesson: why, the rule, where to look.")

    @Argument(help: "A lesson id (see `lab list`).")
    var id: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let info = try LessonLookup.find(id).info
        if output.json { return try JSONOutput.print(info) }
        let terminal = Terminal.standardOutput
        terminal.line(terminal.bold(info.title) + terminal.paint("  (\(info.id))", .gray))
        terminal.line(terminal.paint("from " + info.articles.map(\.citation).joined(separator: "; "), .gray))
        terminal.line()
        terminal.line(terminal.paint("The rule", .green))
        Terminal.wrap(info.rule, indent: "  ").forEach { terminal.line($0) }
        terminal.line()
        terminal.line(terminal.paint("Which framework", .yellow))
        Terminal.wrap("The wrong way: " + info.frameworks.wrongWay, indent: "  ").forEach { terminal.line($0) }
        Terminal.wrap("The right way: " + info.frameworks.rightWay, indent: "  ").forEach { terminal.line($0) }
        terminal.line()
        terminal.line(terminal.paint("Why", .yellow))
        Terminal.wrap(info.why, indent: "  ").forEach { terminal.line($0) }
        terminal.line()
        terminal.line(terminal.paint("Where to look", .cyan))
        info.whereToLook.forEach { terminal.line("  " + $0) }
        terminal.line()
        terminal.line(terminal.paint("Read the original", .cyan))
        for article in info.articles {
            terminal.line("  \(article.rawValue) \(article.title), by \(article.author)")
            terminal.line("      " + article.url.absoluteString)
        }
    }
}
