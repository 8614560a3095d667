import CSQLite
import Foundation

/// `store-test-helper hold-lock <store>`: another process holding the store's write lock.
///
/// It opens the file with SQLite's C API, runs `BEGIN EXCLUSIVE`, prints `locked`, and keeps the
/// lock until a line (or end of file) arrives on its standard input; then it commits, prints
/// `released` and exits. Other connections wait their busy timeout, then fail with SQLITE_BUSY.
enum LockHolder {
    static func run(storePath: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(storePath, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
            throw HelperError("cannot open \(storePath)")
        }
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_exec(handle, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK else {
            throw HelperError("BEGIN EXCLUSIVE failed: \(String(cString: sqlite3_errmsg(handle)))")
        }
        Output.line("locked")
        _ = readLine()
        guard sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK else {
            throw HelperError("COMMIT failed: \(String(cString: sqlite3_errmsg(handle)))")
        }
        Output.line("released")
    }
}
