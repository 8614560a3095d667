import ArgumentParser
import Foundation
import LabSupport
import Workshop

/// `lab workshop [<id>]`: the exercises with their status and the next hint, or one exercise in
/// full; `--watch` checks again on every save; `lab workshop reset <id>` starts an exercise over.
///
/// Each exercise is compiled on its own when it is checked (``ExerciseBuild``), so a file that does
/// not compile yet shows its compiler errors as its status and touches nothing else.
struct Workshop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The workshop: each exercise's status (done / to do / does not compile yet), what is still wrong, and the next hint.",
        discussion: """
            Each lesson's exercise is a file in its folder, Tutorials/Workshop/<lesson>/. Edit it, then \
            run `swift run lab workshop <lesson>`; with --watch it is checked again each time you save, \
            and the next exercise follows once it passes. `lab workshop reset <lesson>` restores the \
            file as shipped and keeps yours in .lab/backups/.
            """)

    @Argument(help: "An exercise id (a lesson's), or `reset <id>`.")
    var words: [String] = []

    @Option(name: .long, help: "How many hints to show for the exercise in focus.")
    var hints: Int = 1

    @Flag(name: .long, help: "Check the exercise in focus each time its file is saved, then go on to the next.")
    var watch = false

    @Option(name: .long, help: .hidden)
    var stopAfterChecks: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if hints < 0 { throw ValidationError("--hints wants 0 or more.") }
        if words.count > 2 || (words.count == 2 && words[0] != "reset") || words == ["reset"] {
            throw ValidationError("Give an exercise id, or `reset <id>`.")
        }
        if watch && output.json { throw ValidationError("--watch prints for people; leave out --json.") }
    }

    func run() async throws {
        if words.first == "reset" { return try await WorkshopReset.reset(try Self.exercise(words[1])) }
        let focus = try words.first.map(Self.exercise)
        if watch { return try await WorkshopWatch(hints: hints, stopAfterChecks: stopAfterChecks).run(from: focus) }
        if let exercise = focus {
            let status = await ExerciseStatus.check(exercise, hints: hints)
            try Self.record(status)
            if output.json { return try JSONOutput.print(status) }
            WorkshopPrinter().detail(status, exercise: exercise)
            return
        }
        var statuses: [ExerciseStatus] = []
        for exercise in WorkshopCatalog.all {
            statuses.append(await ExerciseStatus.check(exercise, hints: hints, compilingUntouched: false))
        }
        for status in statuses { try Self.record(status) }
        if output.json { return try JSONOutput.print(statuses) }
        WorkshopPrinter().overview(statuses)
    }

    /// The exercise called `id`, or a failure naming the nearest ids.
    static func exercise(_ id: String) throws -> Exercise {
        if let exercise = WorkshopCatalog.exercise(id: id) { return exercise }
        let ids = WorkshopCatalog.all.map(\.id).filter { $0.contains(id) || id.contains($0) }
        throw LabFailure(message: "no exercise '\(id)': " + (ids.isEmpty ? "see `lab workshop`" : "did you mean \(ids.joined(separator: ", "))?"))
    }

    /// Keeps the learner's progress in step with what the check found.
    static func record(_ status: ExerciseStatus) throws {
        try Progress.update { $0.markExercise(status.id, done: status.isDone) }
    }
}

/// `lab workshop --watch`: checks the exercise in focus each time its file is saved, and moves on
/// to the next exercise once it passes. Polls the file's modification date, which works alike on
/// Linux and on a Mac and costs nothing worth measuring between saves.
struct WorkshopWatch {
    let hints: Int
    /// Stops after this many checks (the tests); nil to run until interrupted.
    let stopAfterChecks: Int?
    let terminal = Terminal.standardOutput

    func run(from focus: Exercise?) async throws {
        var current = focus ?? WorkshopCatalog.all.first { !(Progress.load().exercisesDone.contains($0.id)) }
        var checks = 0
        while let exercise = current {
            terminal.line(terminal.bold("Watching \(exercise.file)") + terminal.paint("  (\(exercise.id); Ctrl-C stops)", .gray))
            var seen = Self.modified(exercise)
            var status = await check(exercise, saved: nil)
            checks += 1
            while !status.isDone {
                if let stop = stopAfterChecks, checks >= stop { return }
                try await Task.sleep(for: .milliseconds(250))
                let now = Self.modified(exercise)
                guard now != seen else { continue }
                seen = now
                status = await check(exercise, saved: now)
                checks += 1
            }
            if let stop = stopAfterChecks, checks >= stop { return }
            current = WorkshopCatalog.all.first { !Progress.load().exercisesDone.contains($0.id) }
            if current == nil { terminal.line(terminal.paint("Every exercise is done.", .green)) }
        }
    }

    /// Checks `exercise` and prints its status, with how long after the save it came.
    private func check(_ exercise: Exercise, saved: Date?) async -> ExerciseStatus {
        let status = await ExerciseStatus.check(exercise, hints: hints)
        try? Workshop.record(status)
        let printer = WorkshopPrinter()
        let after = saved.map { String(format: "  (%.1f s after the save)", Date().timeIntervalSince($0)) } ?? ""
        terminal.line(printer.mark(status) + "  " + exercise.id + terminal.paint(after, .gray))
        if !status.isDone { printer.body(status) }
        terminal.line()
        return status
    }

    private static func modified(_ exercise: Exercise) -> Date? {
        try? FileManager.default.attributesOfItem(atPath: exercise.fileURL.path)[.modificationDate] as? Date
    }
}

/// `lab workshop reset <id>`: the exercise file as shipped (from git), the learner's version kept
/// beside the package in `.lab/backups/`: no command ever loses a learner's work.
enum WorkshopReset {
    static func reset(_ exercise: Exercise) async throws {
        let terminal = Terminal.standardOutput
        let root = Exercise.root
        let git = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", root.path, "show", "HEAD:\(exercise.file)"])
        guard git.status == 0 else {
            throw LabFailure(message: "cannot read the shipped \(exercise.file) from git (\(git.standardError.trimmingCharacters(in: .whitespacesAndNewlines))); nothing was changed")
        }
        let current = try? Data(contentsOf: exercise.fileURL)
        if let current, current != Data(git.standardOutput.utf8) {
            let folder = root.appendingPathComponent(".lab/backups/\(exercise.id)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
            let backup = folder.appendingPathComponent("\(stamp)-\(exercise.fileURL.lastPathComponent)")
            try current.write(to: backup)
            terminal.line("Your version is kept in \(backup.path.replacingOccurrences(of: root.path + "/", with: "")).")
        }
        try Data(git.standardOutput.utf8).write(to: exercise.fileURL, options: .atomic)
        try Progress.update { $0.markExercise(exercise.id, done: false) }
        terminal.line("\(exercise.file) is as shipped again. `swift run lab workshop \(exercise.id)` checks it.")
    }
}
