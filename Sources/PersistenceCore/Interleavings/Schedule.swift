import Foundation

/// One order in which an explored body's jobs ran: which queue, actor or task took each step.
///
/// A schedule is what the explorer reports for an outcome, what ``Interleavings/replay(_:_:)``
/// runs again, and what ``timeline`` draws. It is `Codable`, so a failing schedule can be saved
/// (`lab explore --save`) and replayed later, and the same body always gives the same lanes in the
/// same order: lanes are numbered as the run meets them, never named by an address.
public struct Schedule: Codable, Sendable, Hashable, CustomStringConvertible {
    /// One step: the lane that ran, and what it did.
    public struct Step: Codable, Sendable, Hashable {
        /// Index into ``Schedule/lanes``.
        public let lane: Int
        /// What started the step: `perform`, `actor job`, `starts`, `resumes`, `store read`, …
        public let label: String
    }

    /// The lanes, in the order the run met them: "main queue", "context 1 (private)", "task 1", …
    public let lanes: [String]
    /// The steps, in the order they ran.
    public let steps: [Step]
    /// True when the schedule ended with every remaining job blocked: a deadlock.
    public let endedInDeadlock: Bool

    /// The steps drawn as the lessons draw races: a row per step, a column per lane.
    public var timeline: String {
        let numberWidth = max(4, String(steps.count).count)
        let widths = lanes.indices.map { lane in
            steps.filter { $0.lane == lane }.map(\.label.count).reduce(lanes[lane].count, max)
        }
        func row(_ first: String, _ cells: [String]) -> String {
            let padded = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
            return (first.leftPadded(to: numberWidth) + " | " + padded.joined(separator: " | "))
                .trimmingTrailingSpaces()
        }
        var lines = [row("step", lanes)]
        lines.append(String(repeating: "-", count: numberWidth) + "-+-"
                     + widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-"))
        for (number, step) in steps.enumerated() {
            var cells = Array(repeating: "", count: lanes.count)
            cells[step.lane] = step.label
            lines.append(row(String(number + 1), cells))
        }
        if endedInDeadlock {
            lines.append("deadlock: every remaining job waits for another; none can run")
        }
        return lines.joined(separator: "\n")
    }

    public var description: String { timeline }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var trimmed = self
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed
    }
}
