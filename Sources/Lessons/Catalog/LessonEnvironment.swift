import Foundation
import PersistenceCore

/// Where and how big a lesson runs: the tests run small and in memory, `lab` runs at full size
/// on a SQLite file.
public struct LessonEnvironment: Sendable {
    /// Where the lesson's stores live.
    public enum Storage: Sendable, Hashable {
        /// Private in-memory stores.
        case inMemory
        /// SQLite files in this folder, one per container, replaced on each run.
        case directory(URL)
    }

    /// How much work the measured parts do.
    public enum Scale: Sendable, Hashable {
        /// Small and quick: what the test suites use.
        case test
        /// The full demonstration: what `lab` uses.
        case course
    }

    public var storage: Storage
    public var scale: Scale

    public init(storage: Storage = .inMemory, scale: Scale = .test) {
        self.storage = storage
        self.scale = scale
    }

    /// The quick, in-memory environment of the test suites.
    public static let test = LessonEnvironment()

    /// `test` or `course`, whichever applies: e.g. `environment.size(test: 500, course: 20_000)`.
    public func size(test: Int, course: Int) -> Int {
        scale == .test ? test : course
    }

    /// A fresh container for the given models; `name` names the file in a directory store, which
    /// reads with `readers` connections beside its writer (nil: the default).
    public func makeContainer(for types: [any PersistentModel.Type], name: String, readers: Int? = nil) throws -> ModelContainer {
        switch storage {
        case .inMemory:
            return try ModelContainer(for: types, configuration: .inMemory)
        case .directory(let folder):
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent(name + ".sqlite")
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: url.path + suffix)
            }
            return try ModelContainer(for: types, configuration: ModelConfiguration(location: .file(url), readers: readers))
        }
    }
}
