import Foundation
import PersistenceCore

extension Trace {
    /// The timeline as columns in a terminal: a column per lane, a row per event in the order
    /// they started, with the time it started (milliseconds since the recording began); a span
    /// also says how long it took, and an arrow (`←`) names the event it flows from.
    public func text(columnWidth: Int = 30) -> String {
        let width = max(columnWidth, 12)
        func cell(_ text: String) -> String {
            let clipped = text.count > width - 1 ? String(text.prefix(width - 2)) + "…" : text
            return clipped.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        let rows = rows(), names = rowNames
        var lines = ["    ms | " + names.map { cell($0) }.joined(separator: "| ")]
        lines.append(String(repeating: "-", count: lines[0].count))
        for event in events {
            var label = event.name
            if event.isSpan { label += String(format: " %.2fms", Self.milliseconds(event.duration)) }
            if let source = event.flowsFrom.first { label += " ←#\(source)" }
            label = "#\(event.id) " + label
            let row = names.indices.map { $0 == rows[event.lane] ? cell(label) : cell("") }
            lines.append(String(format: "%6.2f | ", Self.milliseconds(event.start)) + row.joined(separator: "| "))
        }
        return lines.joined(separator: "\n")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1_000_000_000_000_000
    }
}
