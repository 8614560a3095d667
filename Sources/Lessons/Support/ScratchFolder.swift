import Foundation
import PersistenceCore
import SampleModels

/// Where a lesson's store files live: the `lab` store folder, or a temporary folder (removed
/// afterwards) when the environment keeps stores in memory, for lessons that need a file (readers,
/// another process, history).
final class ScratchFolder: Sendable {
    let url: URL
    private let isTemporary: Bool

    /// The environment's folder, or a new temporary one named after `lesson`.
    init(_ environment: LessonEnvironment, lesson: String) throws {
        switch environment.storage {
        case .directory(let folder):
            url = folder
            isTemporary = false
        case .inMemory:
            url = FileManager.default.temporaryDirectory.appendingPathComponent("\(lesson)-\(UUID().uuidString)")
            isTemporary = true
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A fresh file store called `name` with `readers` readers.
    func container(_ name: String, readers: Int) throws -> ModelContainer {
        try LessonEnvironment(storage: .directory(url)).makeContainer(for: [Item.self], name: name, readers: readers)
    }

    deinit {
        if isTemporary { try? FileManager.default.removeItem(at: url) }
    }
}
