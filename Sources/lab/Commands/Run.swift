import ArgumentParser
import Lessons

/// `lab run <id>…`: the lessons named, in the order given; `lab run --all`: every one, in course order.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the lessons you name, or all of them with --all.")

    @Argument(help: "Lesson ids (see `lab list`).")
    var ids: [String] = []

    @Flag(name: .long, help: "Run every lesson, in course order.")
    var all = false

    @Flag(name: .long, help: "Print every observation, number and check in full.")
    var verbose = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if ids.isEmpty && !all { throw ValidationError("Name a lesson (`lab list` shows them), or give --all.") }
        if !ids.isEmpty && all { throw ValidationError("Name lessons or give --all, not both.") }
    }

    func run() async throws {
        let types = all ? LessonCatalog.all : try ids.map(LessonLookup.find)
        let positions = types.map { CourseMap.position(of: $0.info.id) }
        let runs = try await LessonRun.runAll(types, in: try store.environment(), json: output.json, verbose: verbose,
                                                positions: positions, total: LessonCatalog.all.count)
        try Progress.update { progress in for run in runs { progress.markSeen(run.info.id) } }
        if output.json { try JSONOutput.print(runs) }
        try LessonRun.check(runs)
    }
}

/// Finds a lesson by id, or fails with the nearest ids.
enum LessonLookup {
    static func find(_ id: String) throws -> any Lesson.Type {
        if let type = LessonCatalog.lesson(id: id) { return type }
        let nearest = LessonCatalog.suggestions(for: id)
        let hint = nearest.isEmpty ? "see `lab list`" : "did you mean " + nearest.joined(separator: ", ") + "?"
        throw LabFailure(message: "no lesson '\(id)': \(hint)")
    }
}
