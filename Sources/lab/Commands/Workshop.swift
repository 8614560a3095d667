import ArgumentParser
import Foundation
import Workshop

/// `lab workshop [id]`: the exercises with their status and the next hint, or one exercise in full.
///
/// Each exercise's checker runs against the learner's file, compiled into this `lab`, so the
/// status is always the current one: edit a file under `Tutorials/Workshop/Exercises/`, then run
/// `swift run lab workshop` again.
struct Workshop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The workshop: each exercise's status (done / to do), what is still wrong, and the next hint.",
        discussion: """
            Edit the exercise files in Tutorials/Workshop/Exercises/, then run `swift run lab workshop` \
            again: every checker runs against your files. `lab workshop <id>` shows one exercise in full.
            """)

    @Argument(help: "An exercise id: show that exercise in full.")
    var id: String?

    @Option(name: .long, help: "How many hints to show for the exercise in focus.")
    var hints: Int = 1

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if hints < 0 { throw ValidationError("--hints wants 0 or more.") }
    }

    func run() async throws {
        if let id {
            guard let exercise = WorkshopCatalog.exercise(id: id) else {
                let ids = WorkshopCatalog.all.map(\.id).filter { $0.contains(id) || id.contains($0) }
                throw LabFailure(message: "no exercise '\(id)': " + (ids.isEmpty ? "see `lab workshop`" : "did you mean \(ids.joined(separator: ", "))?"))
            }
            let status = await ExerciseStatus.check(exercise, hints: hints)
            if output.json { return try JSONOutput.print(status) }
            WorkshopPrinter().detail(status, exercise: exercise)
            return
        }
        var statuses: [ExerciseStatus] = []
        for exercise in WorkshopCatalog.all {
            statuses.append(await ExerciseStatus.check(exercise, hints: hints))
        }
        if output.json { return try JSONOutput.print(statuses) }
        WorkshopPrinter().overview(statuses)
    }
}

/// One exercise's state, as `lab workshop` prints it and `--json` encodes it.
struct ExerciseStatus: Encodable {
    let id: String
    let title: String
    let scenario: String
    let file: String
    /// `done` or `to do`.
    let status: String
    /// Whether the file is still exactly as shipped; nil when it cannot be read.
    let untouched: Bool?
    /// What is still wrong, in plain words.
    let findings: [String]
    /// The hints shown: the first `--hints` of them while the exercise is to do.
    let hints: [String]
    /// How many hints the exercise has.
    let hintCount: Int

    var isDone: Bool { findings.isEmpty }

    static func check(_ exercise: Exercise, hints: Int) async -> ExerciseStatus {
        let result = await exercise.check(.exercise)
        return ExerciseStatus(
            id: exercise.id, title: exercise.title, scenario: exercise.id, file: exercise.file,
            status: result.passed ? "done" : "to do", untouched: exercise.isUntouched,
            findings: result.findings, hints: result.passed ? [] : Array(exercise.hints.prefix(hints)),
            hintCount: exercise.hints.count)
    }
}

/// Prints the workshop for people.
struct WorkshopPrinter {
    let terminal = Terminal.standardOutput

    func overview(_ statuses: [ExerciseStatus]) {
        let done = statuses.filter(\.isDone).count
        terminal.line(terminal.bold("Workshop") + ": \(statuses.count) exercises, \(done) done. "
            + "Edit the files in Tutorials/Workshop/Exercises/, then run `swift run lab workshop` again.")
        terminal.line()
        let width = statuses.map(\.id.count).max() ?? 0
        for (offset, status) in statuses.enumerated() {
            let mark = status.isDone ? terminal.paint("✓ done ", .green) : terminal.paint("· to do", .yellow)
            let id = status.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let started = status.untouched == true && !status.isDone ? terminal.paint("  (not started)", .gray) : ""
            terminal.line(String(format: "%2d. ", offset + 1) + mark + "  " + terminal.paint(id, .cyan) + "  " + status.title + started)
        }
        terminal.line()
        guard let next = statuses.first(where: { !$0.isDone }) else {
            terminal.line(terminal.paint("Every exercise is done. Compare with Tutorials/Workshop/Solutions/.", .green))
            return
        }
        terminal.line(terminal.bold("Next: \(next.title)") + terminal.paint("  (\(next.id))", .gray))
        body(next)
    }

    func detail(_ status: ExerciseStatus, exercise: Exercise) {
        terminal.line(terminal.bold(exercise.title) + terminal.paint("  (\(exercise.id): `lab run \(exercise.id)` shows the lesson)", .gray))
        Terminal.wrap(exercise.goal, indent: "  ").forEach { terminal.line($0) }
        terminal.line()
        let mark = status.isDone ? terminal.paint("✓ done", .green) : terminal.paint("· to do", .yellow)
        terminal.line("  Status: " + mark)
        body(status)
    }

    private func body(_ status: ExerciseStatus) {
        terminal.line("  File: \(status.file)")
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
            terminal.line(terminal.paint("  No hints left in the file: `git show HEAD:\(status.file)` shows them as shipped.", .gray))
        }
        if !status.isDone, status.hints.count < status.hintCount {
            terminal.line(terminal.paint("  More hints: swift run lab workshop \(status.id) --hints \(status.hints.count + 1)", .gray))
        }
        terminal.line(terminal.paint("  See it happen: swift run lab run \(status.scenario)", .gray))
    }
}
