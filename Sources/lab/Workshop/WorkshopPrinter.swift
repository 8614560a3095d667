import Foundation
import LabSupport
import Workshop

/// Prints the workshop for people.
struct WorkshopPrinter {
    let terminal = Terminal.standardOutput

    func overview(_ statuses: [ExerciseStatus]) {
        let done = statuses.filter(\.isDone).count
        terminal.line(terminal.bold("Workshop") + ": \(statuses.count) exercises, \(done) done. Each is a file in its lesson's folder,")
        terminal.line("Tutorials/Workshop/<lesson>/; `swift run lab workshop <lesson>` checks it, --watch on every save.")
        terminal.line()
        let width = statuses.map(\.id.count).max() ?? 0
        for (offset, status) in statuses.enumerated() {
            let id = status.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let started = status.untouched == true && !status.isDone ? terminal.paint("  (not started)", .gray) : ""
            terminal.line(String(format: "%2d. ", offset + 1) + mark(status) + "  " + terminal.paint(id, .cyan) + "  "
                + Terminal.clip(status.title, to: 100 - 4 - 8 - 2 - width - 2 - started.count) + started)
        }
        terminal.line()
        guard let next = statuses.first(where: { !$0.isDone }) else {
            terminal.line(terminal.paint("Every exercise is done. Compare with each lesson's +Solution.swift file.", .green))
            return
        }
        terminal.line(terminal.bold("Next: \(next.title)") + terminal.paint("  (\(next.id))", .gray))
        body(next)
    }

    func detail(_ status: ExerciseStatus, exercise: Exercise) {
        terminal.line(terminal.bold(exercise.title) + terminal.paint("  (\(exercise.id): `lab run \(exercise.id)` shows the lesson)", .gray))
        Terminal.wrap(exercise.goal, indent: "  ").forEach { terminal.line($0) }
        terminal.line()
        terminal.line("  Status: " + mark(status))
        body(status)
    }

    /// `✓ done`, `· to do` or `✗ does not compile yet`, painted.
    func mark(_ status: ExerciseStatus) -> String {
        switch status.status {
        case ExerciseStatus.done: terminal.paint("✓ done ", .green)
        case ExerciseStatus.doesNotCompile: terminal.paint("✗ does not compile yet", .red)
        default: terminal.paint("· to do", .yellow)
        }
    }

    func body(_ status: ExerciseStatus) {
        terminal.line("  File: \(status.file)")
        if !status.compileErrors.isEmpty {
            terminal.line("  " + terminal.paint("The compiler says:", .red))
            for error in status.compileErrors {
                let lines = Terminal.wrapFirstLine(error, width: 100, indent: "      ")
                terminal.line("    " + (lines.first?.dropFirst(6) ?? ""))
                lines.dropFirst().forEach { terminal.line($0) }
            }
        }
        if !status.findings.isEmpty {
            terminal.line("  " + terminal.paint("Still wrong:", .red))
            for finding in status.findings {
                let lines = Terminal.wrapFirstLine(finding, indent: "      ")
                terminal.line("    - " + (lines.first?.dropFirst(6) ?? ""))
                lines.dropFirst().forEach { terminal.line($0) }
            }
        }
        for (number, hint) in status.hints.enumerated() {
            let lines = Terminal.wrap("Hint \(number + 1): " + hint, indent: "  ")
            lines.forEach { terminal.line(terminal.paint($0, .yellow)) }
        }
        if !status.isDone, status.hintCount == 0 {
            terminal.line(terminal.paint("  No hints left in the file: `lab workshop reset \(status.id)` brings them back (your version is kept).", .gray))
        }
        if !status.isDone, status.hints.count < status.hintCount {
            terminal.line(terminal.paint("  More hints: swift run lab workshop \(status.id) --hints \(status.hints.count + 1)", .gray))
        }
        terminal.line(terminal.paint("  See it happen: swift run lab run \(status.lesson)", .gray))
    }
}
