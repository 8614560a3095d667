import CSQLite
import Foundation
import LabSupport
import PersistenceCore
import SampleModels
import TestSupport
import XCTest

/// Bad input the other suites do not reach, under XCTest: a read-only store (as root and as
/// another user), a read-only folder, and a store another process keeps locked. Each is a typed
/// error with a message a learner can act on, and the store's bytes stay as they were.
///
/// Covered elsewhere: corrupt, truncated and foreign files, a directory, a missing folder
/// (StoreFileTests); schema mismatch (SchemaMismatchTests); malformed URIs (IdentifierTests); a URI of
/// another store (ContainerTests, LookupTests); the wrong model type (LookupTests); a batch update
/// with an unknown property or a wrong value type (BatchRequestTests). Every message is checked in
/// ``ModelErrorMessageTests``.
final class BadInputXCTests: XCTestCase {
    /// A store of the `store-test-helper` helper's model holding `count` items; the container is closed.
    private func makeStore(at url: URL, count: Int = 3) throws {
        try saveItems(at: url, count: count)
        // Released, the container closes wherever its last reference goes: perhaps a moment later,
        // on the thread posting its remoteChange.
        XCTAssertTrue(OpenStoreFiles.waitUntilClosed(url), "the store stayed open")
    }

    private func saveItems(at url: URL, count: Int) throws {
        let container = try ModelContainer(for: ImportedItem.self, configuration: .file(url))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for index in 0..<count {
                context.insert(ImportedItem(batch: 0, index: index, payload: "item \(index)"))
            }
            try context.save()
        }
    }

    private func assertReadOnly(_ error: any Error, _ url: URL, mentioning words: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard case ModelError.storeReadOnly(let reported, _) = error else {
            return XCTFail("expected storeReadOnly, got \(error)", file: file, line: line)
        }
        XCTAssertEqual(reported, url, file: file, line: line)
        for word in words {
            XCTAssertTrue("\(error)".contains(word), "\"\(error)\" should mention \(word)", file: file, line: line)
        }
    }

    func testReadOnlyFile_isRefusedAtOpenAndLeftUntouched() async throws {
        // Given a store this process may not write: immutable for root (who ignores permission
        // bits), mode 0444 for anyone else
        let directory = TemporaryDirectory()
        let url = directory.file("readonly.sqlite")
        try makeStore(at: url)
        let checked: Void? = try await ReadOnlyFiles.whileReadOnly(url, mode: 0o444) {
            let before = contents(of: url)

            // When a container opens it
            XCTAssertThrowsError(try ModelContainer(for: ImportedItem.self, configuration: .file(url))) { error in
                // Then it is refused as read-only, before SQLite opens it, and the bytes are unchanged
                assertReadOnly(error, url, mentioning: ["read-only", "not writable", "left untouched"])
            }
            XCTAssertEqual(contents(of: url), before)
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path + "-wal"))
        }
        if checked == nil {
            throw XCTSkip("running as root and `chattr +i` is not possible here, so no file is read-only for this process")
        }
    }

    func testReadOnlyFile_isRefusedForAUserWithoutWritePermission() async throws {
        // Given a store with mode 0444, opened by `nobody` in a child process (permission bits bind
        // every user but root)
        guard ReadOnlyFiles.isRoot else {
            throw XCTSkip("not root: testReadOnlyFile_isRefusedAtOpenAndLeftUntouched already checked mode 0444 in this process")
        }
        guard let setpriv = ReadOnlyFiles.setpriv else {
            throw XCTSkip("running as root without /usr/bin/setpriv: cannot open the store as another user")
        }
        let helper = try StoreTestHelper.executable()
        let directory = TemporaryDirectory()
        let url = directory.file("mode0444.sqlite")
        try makeStore(at: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        let before = contents(of: url)

        // When the helper opens it as nobody
        let child = try ChildProcess(setpriv, ReadOnlyFiles.asNobody([helper.path, "open", url.path]))
        let answer = await child.nextLine { _ in true }
        let ending = await child.termination()

        // Then it is refused as read-only, naming the permission, and the bytes are unchanged
        let line = try XCTUnwrap(answer, "the helper printed nothing (exit \(ending?.status ?? -1))")
        XCTAssertTrue(line.hasPrefix("error: The store at \(url.path) is read-only"), line)
        XCTAssertTrue(line.contains("Permission denied"), line)
        XCTAssertEqual(ending?.status, 1)
        XCTAssertEqual(contents(of: url), before)
    }

    func testReadOnlyFolder_isRefusedAtOpen() async throws {
        // Given a store whose folder this process may not write (SQLite needs it for -wal and -shm)
        let directory = TemporaryDirectory()
        let folder = directory.file("sealed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let url = folder.appendingPathComponent("store.sqlite")
        try makeStore(at: url)
        let checked: Void? = try await ReadOnlyFiles.whileReadOnly(folder, mode: 0o555) {
            let before = contents(of: url)

            // When a container opens the store, or creates a new one in that folder
            XCTAssertThrowsError(try ModelContainer(for: ImportedItem.self, configuration: .file(url))) { error in
                // Then both are refused as read-only, naming the folder
                assertReadOnly(error, url, mentioning: ["folder", folder.path, "-wal"])
            }
            let new = folder.appendingPathComponent("new.sqlite")
            XCTAssertThrowsError(try ModelContainer(for: ImportedItem.self, configuration: .file(new))) { error in
                assertReadOnly(error, new, mentioning: ["folder", folder.path])
            }
            XCTAssertEqual(contents(of: url), before)
            XCTAssertFalse(FileManager.default.fileExists(atPath: new.path))
        }
        if checked == nil {
            throw XCTSkip("running as root and `chattr +i` is not possible here, so no folder is read-only for this process")
        }
    }

    func testLockedStore_failsWithStoreBusyAfterTheTimeoutAndWorksOnceReleased() async throws {
        // Given a store whose write lock another process holds (BEGIN EXCLUSIVE)
        let helper = try StoreTestHelper.executable()
        let directory = TemporaryDirectory()
        let url = directory.file("locked.sqlite")
        let wal = URL(fileURLWithPath: url.path + "-wal")
        try makeStore(at: url, count: 3)
        let holder = try ChildProcess(helper, ["hold-lock", url.path])
        let locked = await holder.nextLine { $0 == "locked" || $0.hasPrefix("error") }
        XCTAssertEqual(locked, "locked")
        // Bytes are read only while this process has no connection to the file: closing any
        // descriptor of a file drops all of the process's POSIX locks on it, SQLite's included
        // (sqlite.org/howtocorrupt.html, 2.2).
        let before = (contents(of: url), contents(of: wal))

        do {
            // When a container with a 200 ms busy timeout saves
            let configuration = ModelConfiguration(location: .file(url), busyTimeout: .milliseconds(200))
            let container = try ModelContainer(for: ImportedItem.self, configuration: configuration)
            let context = container.newBackgroundContext()
            let clock = ContinuousClock()
            let start = clock.now
            let failure: (any Error)? = context.performAndWait {
                context.insert(ImportedItem(batch: 1, index: 0, payload: "late"))
                do { try context.save() } catch { return error }
                return nil
            }
            let waited = clock.now - start

            // Then it waits the timeout, not forever, and fails with storeBusy
            let error = try XCTUnwrap(failure, "the save succeeded while another process held the lock")
            guard case ModelError.storeBusy(let reported) = error else { return XCTFail("expected storeBusy, got \(error)") }
            XCTAssertEqual(reported, url)
            XCTAssertTrue("\(error)".contains("locked by another"), "\(error)")
            XCTAssertTrue("\(error)".contains("busy timeout"), "\(error)")
            XCTAssertGreaterThanOrEqual(waited, .milliseconds(200))
            XCTAssertLessThan(waited, .seconds(5))
        }
        // And nothing was written
        XCTAssertEqual(contents(of: url), before.0)
        XCTAssertEqual(contents(of: wal), before.1)

        // And once the other process lets go, the store takes saves again
        holder.send("release")
        let released = await holder.nextLine { $0 == "released" || $0.hasPrefix("error") }
        XCTAssertEqual(released, "released")
        _ = await holder.termination()
        do {
            let container = try ModelContainer(for: ImportedItem.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            let count = try context.performAndWait {
                context.insert(ImportedItem(batch: 1, index: 0, payload: "on time"))
                try context.save()
                return try context.fetchCount(FetchDescriptor<ImportedItem>())
            }
            XCTAssertEqual(count, 4)
        }
        XCTAssertEqual(try SQLiteFixture.rows("PRAGMA integrity_check", in: url), [["ok"]])
    }
}
