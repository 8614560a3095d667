import ArgumentParser
import LabSupport
import Lessons

/// `lab list`: the course map, each lesson with what you have done of it.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the course map: every lesson, and your progress.")

    @OptionGroup var output: OutputOptions

    func run() throws {
        if output.json { return try JSONOutput.print(LessonCatalog.infos) }
        let terminal = Terminal.standardOutput
        let map = CourseMap(progress: .load())
        map.map().forEach { terminal.line($0) }
        terminal.line()
        if let next = map.nextLesson {
            terminal.line("Next: " + terminal.paint("swift run lab", .cyan) + " runs lesson \(CourseMap.position(of: next.info.id)), \(next.info.id).")
        }
    }
}

/// `lab progress`: what is recorded, or `--reset` to start over.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show your progress, or forget it with --reset.",
        discussion: "Progress is kept in .lab/progress.json at the package's root (git ignores it).")

    @Flag(name: .long, help: "Forget every lesson seen and exercise done.")
    var reset = false

    func run() throws {
        let terminal = Terminal.standardOutput
        if reset {
            try Progress.reset()
            terminal.line("Progress forgotten: \(Progress.file.path) is gone. `swift run lab` starts from lesson 1.")
            return
        }
        let progress = Progress.load()
        terminal.line("Lessons seen: " + (progress.lessonsSeen.isEmpty ? "none" : progress.lessonsSeen.joined(separator: ", ")))
        terminal.line("Exercises done: " + (progress.exercisesDone.isEmpty ? "none" : progress.exercisesDone.joined(separator: ", ")))
        terminal.line(terminal.paint("Kept in \(Progress.file.path)", .gray))
    }
}
