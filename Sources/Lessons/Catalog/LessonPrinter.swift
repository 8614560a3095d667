import Foundation
import LabSupport

/// Prints lessons for people: titles, the wrong way, the right way, the why, the numbers, the checks.
///
/// By default a lesson fits the eye: at most ``lessonLineBudget`` lines, each way's first
/// observations, the first numbers, and every check on a line of its own; what is left out is
/// counted, and `--verbose` (or `lab explain <id>`) shows it all.
public struct LessonPrinter {
    let terminal = Terminal.standardOutput
    /// Everything, as recorded: every observation, number and check in full.
    public var verbose = false

    public init(verbose: Bool = false) {
        self.verbose = verbose
    }

    /// The most lines one lesson prints by default, its header included.
    public static let lessonLineBudget = 60
    /// The widest line, at 100 columns.
    public static let width = 94

    public func header(_ info: LessonInfo, position: Int, of total: Int) {
        terminal.line(terminal.bold(terminal.paint("━━ \(position)/\(total) \(info.id)", .cyan)) + terminal.bold("  \(info.title)"))
        terminal.line(terminal.paint(Self.fit("   from " + info.articles.map(\.citation).joined(separator: "; ")), .gray))
    }

    public func report(_ report: LessonReport, info: LessonInfo, seconds: Double) {
        for line in lines(report, info: info, seconds: seconds) { terminal.line(line) }
    }

    /// The lines of `report` after its header, painted for this terminal.
    public func lines(_ report: LessonReport, info: LessonInfo, seconds: Double) -> [String] {
        var lines: [String] = []
        var leftOut = 0
        let observations = verbose ? Int.max : 3, wrapped = verbose ? Int.max : 2, numbers = verbose ? Int.max : 4
        func section(_ title: String, _ color: Terminal.Color, framework: String, _ items: [String]) {
            lines.append("   " + terminal.paint(title, color))
            lines += clip(Terminal.wrap("Framework: " + framework, width: Self.width, indent: "   "), to: wrapped).map { terminal.paint($0, .gray) }
            for item in items.prefix(observations) { lines += bullet(item, maximumLines: wrapped) }
            leftOut += max(0, items.count - observations)
        }
        section("✗ the wrong way", .red, framework: info.frameworks.wrongWay, report.wrongWay)
        section("✓ the right way", .green, framework: info.frameworks.rightWay, report.rightWay)
        lines += clip(Terminal.wrap("Why: " + info.why, width: Self.width, indent: "   "), to: wrapped).map { terminal.paint($0, .gray) }
        if !report.measurements.isEmpty {
            lines.append("   " + terminal.paint("numbers", .yellow))
            for measurement in report.measurements.prefix(numbers) {
                lines += bullet("\(measurement.name): \(Self.format(measurement.value)) \(measurement.unit)", maximumLines: 1)
            }
            leftOut += max(0, report.measurements.count - numbers)
        }
        lines.append("   " + terminal.paint("checks", .yellow))
        for check in report.checks {
            let mark = check.holds ? terminal.paint("✓", .green) : terminal.paint("✗", .red)
            let values = check.measured.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
            let claim = Terminal.wrap(check.name + (values.isEmpty ? "" : " (\(values))"), width: Self.width, indent: "     ")
            for (offset, line) in clip(claim, to: verbose ? Int.max : 1).enumerated() {
                lines.append(offset == 0 ? "   \(mark) " + line.dropFirst(5) : line)
            }
        }
        let verdict = report.demonstrated ? terminal.paint("demonstrated", .green) : terminal.paint("NOT demonstrated", .red)
        let more = leftOut > 0 ? "; \(leftOut) more observations and numbers: lab run \(info.id) --verbose" : ""
        lines.append(terminal.paint("   \(verdict) in \(String(format: "%.2f", seconds)) s\(more)", .gray))
        lines.append("")
        // Two lines of header are printed before these.
        if !verbose, lines.count > Self.lessonLineBudget - 2 {
            let keep = Self.lessonLineBudget - 3
            lines = Array(lines.prefix(keep - 2)) + ["   " + terminal.paint("… \(lines.count - keep + 1) lines more: lab run \(info.id) --verbose", .gray)] + lines.suffix(2)
        }
        return lines
    }

    /// `lines`, at most `count` of them, the last cut short with "…" when some were left out.
    private func clip(_ lines: [String], to count: Int) -> [String] {
        guard lines.count > count else { return lines }
        var kept = Array(lines.prefix(count))
        kept[kept.count - 1] = Self.fit(kept[kept.count - 1] + " …")
        return kept
    }

    /// `line`, at most 100 columns: cut with "…" when longer.
    public static func fit(_ line: String) -> String {
        Terminal.clip(line, to: 100)
    }

    public func failure(_ error: Error, info: LessonInfo) {
        terminal.line("   " + terminal.paint("✗ the lesson could not run: \(error)", .red))
        terminal.line()
    }

    private func bullet(_ text: String, maximumLines: Int) -> [String] {
        let lines = clip(Terminal.wrapFirstLine(text, width: Self.width, indent: "     "), to: maximumLines)
        guard let first = lines.first else { return [] }
        return ["   • " + first.dropFirst(5)] + lines.dropFirst()
    }

    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: abs(value) >= 100 ? "%.0f" : "%.2f", value)
    }
}
