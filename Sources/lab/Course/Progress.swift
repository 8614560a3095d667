import Foundation
import LabSupport

/// What a learner has done: the lessons seen and the exercises passed, kept in `.lab/progress.json`
/// at the package's root (git ignores `.lab/`), so that `lab` picks up where they left off.
///
/// `LAB_PROGRESS` names another file (the tests use one of their own). A file that cannot be read
/// counts as no progress, and is replaced at the next write; nothing else is ever lost, since it
/// holds nothing but these two lists.
struct Progress: Codable, Equatable {
    /// The ids of the lessons the learner has run, in the order first run.
    var lessonsSeen: [String] = []
    /// The ids of the exercises whose checker passed.
    var exercisesDone: [String] = []

    /// Where progress is kept.
    static var file: URL {
        if let path = ProcessInfo.processInfo.environment["LAB_PROGRESS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return PackageRoot.file(".lab/progress.json")
    }

    /// The learner's progress, or none yet.
    static func load() -> Progress {
        guard let data = try? Data(contentsOf: file), let progress = try? JSONDecoder().decode(Progress.self, from: data) else {
            return Progress()
        }
        return progress
    }

    /// Records the change `body` makes, if any, read and written whole.
    @discardableResult
    static func update(_ body: (inout Progress) -> Void) throws -> Progress {
        var progress = load()
        let before = progress
        body(&progress)
        guard progress != before else { return progress }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(progress).write(to: file, options: .atomic)
        return progress
    }

    /// Forgets everything: the file goes.
    static func reset() throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.removeItem(at: file)
    }

    mutating func markSeen(_ id: String) {
        if !lessonsSeen.contains(id) { lessonsSeen.append(id) }
    }

    mutating func markExercise(_ id: String, done: Bool) {
        if done, !exercisesDone.contains(id) { exercisesDone.append(id) }
        if !done { exercisesDone.removeAll { $0 == id } }
    }
}
