import Foundation
@testable import PersistenceCore
import TestSupport
import Testing

/// Opening bad files: each gives a typed error and leaves the file byte-for-byte as it was.
@Suite("Opening store files")
struct StoreFileTests {
    /// Opens a store with no entities: enough to exercise the file checks.
    func open(_ url: URL) throws -> ModelContainer {
        try ModelContainer(for: [], configuration: .file(url))
    }

    /// Makes a store at `url`, lets its container go, and returns the file's bytes: closed, the
    /// container folded the log into the main file, so a cut made to them hits real pages.
    func closedStore(at url: URL) throws -> Data {
        do {
            let container = try open(url)
            _ = container.storeIdentifier
        }
        try #require(OpenStoreFiles.waitUntilClosed(url))
        return try #require(contents(of: url))
    }

    @Test("While a connection of this process has a store open, opening it again reads its header with no handle of our own")
    func noHandleBesideOpenConnections() throws {
        // Closing any descriptor of a file drops every POSIX lock the process holds on it, SQLite's
        // included: the validator must not open one while a connection of ours holds the file.
        let directory = TemporaryDirectory()
        let url = directory.file("store.sqlite")
        do {
            let first = try ModelContainer(for: Note.self, configuration: .file(url))
            #expect(OpenStoreFiles.contains(url))
            let second = try ModelContainer(for: Note.self, configuration: .file(url))
            #expect(second.storeIdentifier == first.storeIdentifier)
        }
        #expect(!OpenStoreFiles.contains(url), "every connection closed with its container")
    }

    @Test("A new file becomes a store, and reopening it keeps its identifier")
    func createAndReopen() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("new.sqlite")
        let first = try open(url).storeIdentifier
        #expect(FileManager.default.fileExists(atPath: url.path))
        let second = try open(url).storeIdentifier
        #expect(first == second)
    }

    @Test("An empty file becomes a store")
    func emptyFile() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data())
        _ = try open(url)
    }

    @Test("A file of random bytes is reported corrupted and left untouched")
    func randomBytes() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("garbage.sqlite")
        let bytes = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        _ = FileManager.default.createFile(atPath: url.path, contents: bytes)
        let error = #expect(throws: ModelError.self) { try open(url) }
        guard case .storeCorrupted(let reported, _)? = error else {
            Issue.record("expected storeCorrupted, got \(String(describing: error))")
            return
        }
        #expect(reported == url)
        #expect(contents(of: url) == bytes)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
    }

    @Test("A text file is reported corrupted and left untouched")
    func textFile() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("notes.sqlite")
        let bytes = Data("These are my notes, not a database.\n".utf8)
        _ = FileManager.default.createFile(atPath: url.path, contents: bytes)
        let error = #expect(throws: ModelError.self) { try open(url) }
        #expect(error.map { if case .storeCorrupted = $0 { true } else { false } } == true)
        #expect(contents(of: url) == bytes)
    }

    @Test("A truncated store is reported corrupted and left untouched", arguments: [0.5, 0.75])
    func truncated(keeping fraction: Double) throws {
        let directory = TemporaryDirectory()
        let url = directory.file("truncated.sqlite")
        let whole = try closedStore(at: url)
        #expect(whole.count > 1024)
        let cut = whole.prefix(Int(Double(whole.count) * fraction) + 3)
        try Data(cut).write(to: url)
        try? FileManager.default.removeItem(atPath: url.path + "-wal")
        try? FileManager.default.removeItem(atPath: url.path + "-shm")
        let error = #expect(throws: ModelError.self) { try open(url) }
        #expect(error.map { if case .storeCorrupted = $0 { true } else { false } } == true)
        #expect(contents(of: url) == Data(cut))
    }

    @Test("A store cut to whole pages, with a log beside it that cannot hold the rest, is reported corrupted by the integrity check")
    func truncatedWithALog() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("truncated.sqlite")
        let whole = try closedStore(at: url)
        // Whole pages, as a checkpoint cut short leaves them: the header's size check stands
        // aside while a log is there, since SQLite finishes such a checkpoint from the log.
        let cut = whole.prefix(whole.count / 2 / 4096 * 4096)
        try Data(cut).write(to: url)
        try Data(repeating: 7, count: 64).write(to: URL(fileURLWithPath: url.path + "-wal"))
        try? FileManager.default.removeItem(atPath: url.path + "-shm")
        let error = #expect(throws: ModelError.self) { try open(url) }
        #expect(error.map { if case .storeCorrupted = $0 { true } else { false } } == true, "\(String(describing: error))")
        #expect(contents(of: url) == Data(cut))
    }

    @Test("A directory is reported unreadable")
    func directoryInsteadOfFile() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("folder.sqlite")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let error = #expect(throws: ModelError.self) { try open(url) }
        #expect(error.map { if case .storeUnreadable = $0 { true } else { false } } == true)
        #expect(error?.description.contains("directory") == true)
    }

    /// SwiftData's container opens a store whose folder is missing: a practitioner's test on
    /// macOS 14 saw Core Data fail to stat the path, make the folder and open the store
    /// ("Recovery attempt … was successful"). Here the folder is made before the store opens.
    @Test("A path under a missing folder makes the folder and opens the store there")
    func missingFolder() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("missing").appendingPathComponent("nested").appendingPathComponent("store.sqlite")
        _ = try open(url)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test("A path under a file, where no folder can be made, is reported unreadable and nothing is made")
    func folderThatCannotBeMade() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("plain.txt")
        try Data("not a folder".utf8).write(to: file)
        let url = file.appendingPathComponent("inside").appendingPathComponent("store.sqlite")
        let error = #expect(throws: ModelError.self) { try open(url) }
        #expect(error.map { if case .storeUnreadable = $0 { true } else { false } } == true)
        #expect(try Data(contentsOf: file) == Data("not a folder".utf8))
    }

    @Test("A SQLite database of another program is refused and left untouched")
    func foreignDatabase() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("foreign.sqlite")
        try SQLiteFixture.makeForeignDatabase(at: url)
        let bytes = try #require(contents(of: url))
        let error = #expect(throws: ModelError.self) { try open(url) }
        guard case .schemaMismatch(let message)? = error else {
            Issue.record("expected schemaMismatch, got \(String(describing: error))")
            return
        }
        #expect(message.contains("recipes"))
        #expect(contents(of: url) == bytes)
    }

    @Test("Errors explain themselves in plain words")
    func messages() {
        let url = URL(fileURLWithPath: "/tmp/x.sqlite")
        #expect(ModelError.storeCorrupted(url, underlying: "bad header").description.contains("left untouched"))
        #expect(ModelError.schemaMismatch("Item.note is in the model but not in the store").description.contains("Item.note"))
    }
}
