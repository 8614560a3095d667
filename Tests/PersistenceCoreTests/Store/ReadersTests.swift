import Dispatch
import Foundation
import LabSupport
@testable import PersistenceCore
import SampleModels
import Testing
import TestSupport

/// One writer and many readers: reads beside a save in progress, and query generations.
///
/// A write transaction is held open with a semaphore, so every interleaving below is forced, not
/// hoped for.
@Suite("Readers beside the writer")
struct ReadersTests {
    /// A file store holding ten items with `count == 1`.
    func store(_ directory: TemporaryDirectory, readers: Int) throws -> ModelContainer {
        let container = try ModelContainer(for: Item.self, configuration: .file(directory.file("store.sqlite"), readers: readers))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for index in 0..<10 { context.insert(Item(timestamp: .now, title: "item \(index)", count: 1)) }
            try context.save()
        }
        return container
    }

    /// Runs `change` in a write transaction on another thread and holds the transaction open
    /// until the returned `commit` is called; returns once the change is made (not committed).
    func holdWriteOpen(_ container: ModelContainer, _ change: String) -> (commit: @Sendable () -> Void, committed: DispatchSemaphore) {
        let changed = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), committed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? container.store.write { (connection) throws(ModelError) in
                try connection.execute(change)
                changed.signal()
                release.wait()
            }
            committed.signal()
        }
        changed.wait()
        return ({ release.signal() }, committed)
    }

    func countOfNines(_ context: ModelContext) throws -> Int {
        try context.performAndWait { try context.fetchCount(FetchDescriptor<Item>(predicate: #Predicate { $0.count == 9 })) }
    }

    @Test("With readers, a fetch during an open write returns at once with the last committed state")
    func readersDoNotWait() throws {
        let directory = TemporaryDirectory()
        let container = try store(directory, readers: 2)
        let write = holdWriteOpen(container, "UPDATE ZITEM SET ZCOUNT = 9")
        let reader = container.newBackgroundContext()
        // The write is still open: the read returns only because it does not wait for it. It runs
        // on another thread, so that a read that did wait fails the test instead of hanging it.
        let seen = Locked<(nines: Int, all: Int)?>(nil), read = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = try? reader.performAndWait { (try countOfNines(reader), try reader.fetch(FetchDescriptor<Item>()).count) }
            seen.withLock { $0 = result.map { (nines: $0.0, all: $0.1) } }
            read.signal()
        }
        if read.wait(timeout: .now() + 30) == .timedOut {
            Issue.record("the read waited for the open write")
            write.commit()
            read.wait()
        }
        #expect(seen.withLock { $0?.nines } == 0)
        #expect(seen.withLock { $0?.all } == 10)
        write.commit()
        write.committed.wait()
        #expect(try countOfNines(reader) == 10)
    }

    @Test("With readers: 0, a fetch waits for the open write and sees its commit")
    func sharedConnectionWaits() throws {
        let directory = TemporaryDirectory()
        let container = try store(directory, readers: 0)
        let write = holdWriteOpen(container, "UPDATE ZITEM SET ZCOUNT = 9")
        let seen = Locked<Int?>(nil), done = DispatchSemaphore(value: 0)
        let reader = container.newBackgroundContext()
        DispatchQueue.global().async {
            let count = try? countOfNines(reader)
            seen.withLock { $0 = count }
            done.signal()
        }
        // However the read and the commit race to the connection's lock, the write holds it
        // first: the read can only run after the commit, so it sees all ten changed rows.
        write.commit()
        done.wait()
        #expect(seen.withLock { $0 } == 10)
    }

    @Test("A lookup that reads one row does not leave its reader on an old snapshot")
    func lookupsFinishTheirReads() throws {
        let directory = TemporaryDirectory()
        let container = try store(directory, readers: 1)
        let reader = container.newBackgroundContext()
        let identifier = try reader.performAndWait { try reader.fetch(FetchDescriptor<Item>())[0].persistentModelID }
        let other = container.newBackgroundContext()
        _ = try other.performAndWait { try other.existingModel(for: identifier, as: Item.self) }
        let writer = container.newBackgroundContext()
        try writer.performAndWait {
            for item in try writer.fetch(FetchDescriptor<Item>()) { item.count = 9 }
            try writer.save()
        }
        // The pool has one connection, the one the lookup used.
        #expect(try countOfNines(reader) == 10)
    }

    @Test("A context pinned to .current reads one state until it is moved, saves, merges or resets")
    func pinnedGeneration() throws {
        let directory = TemporaryDirectory()
        let container = try store(directory, readers: 2)
        let pinned = container.newBackgroundContext(), unpinned = container.newBackgroundContext()
        pinned.performAndWait { pinned.queryGeneration = .current }
        #expect(try countOfNines(pinned) == 0)

        func changeEverything(to value: Int) throws -> ModelContext.Changes {
            let writer = container.newBackgroundContext()
            let changes = Locked<ModelContext.Changes?>(nil)
            let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: writer, queue: nil) { note in
                changes.withLock { $0 = ModelContext.Changes(notification: note) }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            try writer.performAndWait {
                for item in try writer.fetch(FetchDescriptor<Item>()) { item.count = value }
                try writer.save()
            }
            return try #require(changes.withLock { $0 })
        }

        _ = try changeEverything(to: 9)
        #expect(try countOfNines(unpinned) == 10, "an unpinned context reads the latest commit")
        #expect(try countOfNines(pinned) == 0, "a pinned context keeps reading the state of its first read")
        pinned.performAndWait { pinned.queryGeneration = .current }
        #expect(try countOfNines(pinned) == 10, "pinned again, it reads the state committed then")

        let merged = try changeEverything(to: 1)
        #expect(try countOfNines(pinned) == 10)
        pinned.performAndWait { pinned.mergeChanges(fromContextDidSave: merged) }
        #expect(try countOfNines(pinned) == 0, "merging moves the pin")

        _ = try changeEverything(to: 9)
        #expect(try countOfNines(pinned) == 0)
        pinned.performAndWait { pinned.reset() }
        #expect(try countOfNines(pinned) == 10, "reset moves the pin")

        _ = try changeEverything(to: 1)
        try pinned.performAndWait {
            pinned.insert(Item(timestamp: .now, title: "new", count: 5))
            try pinned.save()
        }
        #expect(try countOfNines(pinned) == 0, "saving moves the pin")
        #expect(pinned.performAndWait { pinned.queryGeneration } == .current, "and the context stays pinned")

        pinned.performAndWait { pinned.queryGeneration = nil }
        _ = try changeEverything(to: 9)
        #expect(try countOfNines(pinned) == 11, "unpinned, it reads the latest commit")
    }

    @Test("Closing a store with readers folds the write-ahead log back into the file, the remote-change monitor's reader closed first")
    func closingCheckpoints() async throws {
        let directory = TemporaryDirectory()
        let url = directory.file("store.sqlite")
        do {
            let container = try store(directory, readers: 2)
            // A commit posted as remoteChange: the monitor has opened its own reader on the file.
            try #require(container.postsRemoteChanges, "this system announces no commits (inotify on Linux, notify(3) on Apple platforms): nothing would be posted")
            var changes = remoteChanges(of: container).makeAsyncIterator()
            let writer = container.newBackgroundContext()
            try writer.performAndWait {
                for item in try writer.fetch(FetchDescriptor<Item>()) { item.count = 2 }
                try writer.save()
            }
            _ = await changes.next()
            #expect(try countOfNines(container.newBackgroundContext()) == 0)
            #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))
        }
        // The container closes its store where its last reference goes: here, or on the commit
        // listeners' thread if it is still posting the remoteChange awaited above.
        try #require(OpenStoreFiles.waitUntilClosed(url))
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        let reopened = try ModelContainer(for: Item.self, configuration: .file(url))
        let context = reopened.newBackgroundContext()
        #expect(try context.performAndWait { try context.fetchCount(FetchDescriptor<Item>()) } == 10)
    }

    @Test("In memory, a pinned context reads unpinned, as Core Data's do on a store without WAL")
    func pinnedInMemory() throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let pinned = container.newBackgroundContext(), writer = container.newBackgroundContext()
        pinned.performAndWait { pinned.queryGeneration = .current }
        #expect(try countOfNines(pinned) == 0)
        try writer.performAndWait {
            writer.insert(Item(timestamp: .now, title: "nine", count: 9))
            try writer.save()
        }
        #expect(try countOfNines(pinned) == 1)
    }

    @Test("A configuration asking for readers the store cannot have is a typed error")
    func invalidReaders() throws {
        let directory = TemporaryDirectory()
        #expect {
            try ModelContainer(for: Item.self, configuration: .file(directory.file("store.sqlite"), readers: -1))
        } throws: { error in
            guard case ModelError.invalidConfiguration(let reason) = error else { return false }
            return reason.contains("-1")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("store.sqlite").path), "nothing was created")
        #expect {
            try ModelContainer(for: Item.self, configuration: ModelConfiguration(location: .inMemory, readers: 2))
        } throws: { error in
            guard case ModelError.invalidConfiguration(let reason) = error else { return false }
            return reason.contains("in-memory")
        }
    }
}
