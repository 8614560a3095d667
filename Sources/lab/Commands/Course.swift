import ArgumentParser
import Foundation
import LabSupport
import Lessons

/// `lab` (no command): the first screen (the course, the chapters with progress, the next step),
/// then the next lesson not yet seen, then what to do after it.
struct Course: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: "Show the course and your progress, then run the next lesson (the default).")

    @OptionGroup var store: StoreOptions
    @Flag(name: .long, help: "Print every observation, number and check in full.")
    var verbose = false

    func run() async throws {
        let terminal = Terminal.standardOutput
        let map = CourseMap(progress: .load())
        map.firstScreen().forEach { terminal.line($0) }
        terminal.line()
        guard let next = map.nextLesson else { return }
        try await Next.run(next, store: store, verbose: verbose)
    }
}

/// `lab next`: the next lesson not yet seen, and what to do after it.
struct Next: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the next lesson you have not seen.")

    @OptionGroup var store: StoreOptions
    @Flag(name: .long, help: "Print every observation, number and check in full.")
    var verbose = false

    func run() async throws {
        guard let next = CourseMap(progress: .load()).nextLesson else {
            Terminal.standardOutput.line("Every lesson seen. `lab list` shows the map; `lab run <id>` runs one again; `lab progress --reset` starts over.")
            return
        }
        try await Self.run(next, store: store, verbose: verbose)
    }

    /// Runs `lesson`, records it as seen, and prints its next steps.
    static func run(_ lesson: any Lesson.Type, store: StoreOptions, verbose: Bool) async throws {
        let id = lesson.info.id
        let runs = try await LessonRun.runAll([lesson], in: try store.environment(), json: false, verbose: verbose,
                                                positions: [CourseMap.position(of: id)], total: LessonCatalog.all.count)
        try Progress.update { $0.markSeen(id) }
        CourseMap.nextSteps(after: id).forEach { Terminal.standardOutput.line($0) }
        try LessonRun.check(runs)
    }
}
