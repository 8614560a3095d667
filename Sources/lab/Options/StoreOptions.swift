import ArgumentParser
import Foundation
import Lessons

/// Where the lessons' stores live: `--store DIR` or `--in-memory`; by default a folder in the
/// user's cache directory.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder for the lessons' SQLite files.", valueName: "DIR"))
    var store: String?

    @Flag(name: .long, help: "Keep every store in memory; write no files.")
    var inMemory = false

    func validate() throws {
        if inMemory && store != nil {
            throw ValidationError("Use either --store or --in-memory, not both.")
        }
    }

    /// The folder used when `--store` is not given.
    static var defaultFolder: URL {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("ConcurrencyLab", isDirectory: true)
    }

    /// The environment the lessons run in, at course size.
    func environment() throws -> LessonEnvironment {
        if inMemory { return LessonEnvironment(storage: .inMemory, scale: .course) }
        let folder = store.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Self.defaultFolder
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw LabFailure(message: "--store wants a folder, and \(folder.path) is a file. Give a folder (it is created if missing).")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LabFailure(message: "cannot create the store folder \(folder.path): \(error.localizedDescription)")
        }
        return LessonEnvironment(storage: .directory(folder), scale: .course)
    }

    /// Where the stores are, in words.
    var locationDescription: String {
        inMemory ? "in memory" : (store.map { URL(fileURLWithPath: $0).path } ?? Self.defaultFolder.path)
    }
}
