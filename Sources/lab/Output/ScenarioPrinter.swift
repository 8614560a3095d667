import Foundation
import Scenarios

/// Prints scenarios for people: titles, the wrong way, the right way, the why, the numbers.
struct ScenarioPrinter {
    let terminal = Terminal.standardOutput

    func header(_ info: ScenarioInfo, position: Int, of total: Int) {
        terminal.line(terminal.bold(terminal.paint("━━ \(position)/\(total) \(info.id)", .cyan)) + terminal.bold("  \(info.title)"))
        terminal.line(terminal.paint("   from " + info.articles.map(\.citation).joined(separator: "; "), .gray))
    }

    func report(_ report: ScenarioReport, info: ScenarioInfo, seconds: Double) {
        terminal.line("   " + terminal.paint("✗ the wrong way", .red))
        framework(info.frameworks.wrongWay)
        for line in report.wrongWay { bullet(line) }
        terminal.line("   " + terminal.paint("✓ the right way", .green))
        framework(info.frameworks.rightWay)
        for line in report.rightWay { bullet(line) }
        for line in Terminal.wrap("Why: " + info.why, indent: "   ") { terminal.line(terminal.paint(line, .gray)) }
        if !report.measurements.isEmpty {
            terminal.line("   " + terminal.paint("numbers", .yellow))
            for measurement in report.measurements {
                bullet("\(measurement.name): \(Self.format(measurement.value)) \(measurement.unit)")
            }
        }
        terminal.line("   " + terminal.paint("checks", .yellow))
        for check in report.checks {
            let mark = check.holds ? terminal.paint("✓", .green) : terminal.paint("✗", .red)
            let values = check.measured.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
            for (offset, line) in Terminal.wrap(check.name + (values.isEmpty ? "" : " (\(values))"), indent: "     ").enumerated() {
                terminal.line(offset == 0 ? "   \(mark) " + line.dropFirst(5) : line)
            }
        }
        let verdict = report.demonstrated ? terminal.paint("demonstrated", .green) : terminal.paint("NOT demonstrated", .red)
        terminal.line(terminal.paint("   \(verdict) in \(String(format: "%.2f", seconds)) s", .gray))
        terminal.line()
    }

    /// Whose behaviour a way shows (Core Data's, SwiftData's, Swift's), in gray under its heading.
    private func framework(_ text: String) {
        for line in Terminal.wrap("Framework: " + text, indent: "   ") { terminal.line(terminal.paint(line, .gray)) }
    }

    func failure(_ error: Error, info: ScenarioInfo) {
        terminal.line("   " + terminal.paint("✗ the scenario could not run: \(error)", .red))
        terminal.line()
    }

    private func bullet(_ text: String) {
        let lines = Terminal.wrapFirstLine(text, indent: "     ")
        guard let first = lines.first else { return }
        terminal.line("   • " + first.dropFirst(5))
        for line in lines.dropFirst() { terminal.line(line) }
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: abs(value) >= 100 ? "%.0f" : "%.2f", value)
    }
}
