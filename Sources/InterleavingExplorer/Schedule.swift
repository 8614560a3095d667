import Foundation
import PersistenceCore

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

    /// The steps drawn as the lessons draw races: a column per lane, a row per turn of a lane
    /// (consecutive steps of one lane share a row: "resumes ×3, store read"), numbered by the
    /// turn's first step.
    public var timeline: String {
        let turns = self.turns
        let numberWidth = max(4, String(steps.count).count)
        let widths = lanes.indices.map { lane in
            turns.filter { $0.lane == lane }.map(\.text.count).reduce(lanes[lane].count, max)
        }
        func row(_ first: String, _ cells: [String]) -> String {
            let padded = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
            return (first.leftPadded(to: numberWidth) + " | " + padded.joined(separator: " | "))
                .trimmingTrailingSpaces()
        }
        var lines = [row("step", lanes)]
        lines.append(String(repeating: "-", count: numberWidth) + "-+-"
                     + widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-"))
        for turn in turns {
            var cells = Array(repeating: "", count: lanes.count)
            cells[turn.lane] = turn.text
            lines.append(row(String(turn.firstStep), cells))
        }
        if endedInDeadlock {
            lines.append("deadlock: every remaining job waits for another; none can run")
        }
        return lines.joined(separator: "\n")
    }

    /// Consecutive steps of one lane, with repeated labels counted: "resumes ×3, store read".
    private var turns: [(lane: Int, firstStep: Int, text: String)] {
        var turns: [(lane: Int, firstStep: Int, labels: [(String, Int)])] = []
        for (index, step) in steps.enumerated() {
            if turns.last?.lane == step.lane {
                if turns[turns.count - 1].labels.last?.0 == step.label {
                    turns[turns.count - 1].labels[turns[turns.count - 1].labels.count - 1].1 += 1
                } else {
                    turns[turns.count - 1].labels.append((step.label, 1))
                }
            } else {
                turns.append((step.lane, index + 1, [(step.label, 1)]))
            }
        }
        return turns.map { turn in
            (turn.lane, turn.firstStep, turn.labels.map { $1 > 1 ? "\($0) ×\($1)" : $0 }.joined(separator: ", "))
        }
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
