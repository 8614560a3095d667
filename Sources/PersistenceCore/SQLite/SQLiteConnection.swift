import CSQLite
import Foundation

/// In Swift 6 the C macro is not imported: SQLite's "copy this buffer now" destructor.
nonisolated(unsafe) let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)  // a constant, never written

/// One open SQLite database handle with a cache of prepared statements.
///
/// Not thread-safe: the ``SQLiteStore`` that owns a connection lends it to one caller at a time.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statementCache: [String: SQLiteStatement] = [:]
    /// The statement used last: asked for again, it is found without hashing its SQL (callers
    /// pass the same string, so comparing is a pointer check).
    private var lastStatement: SQLiteStatement?
    /// The file, for ``OpenStoreFiles``; nil in memory.
    private let file: URL?

    /// Opens (or, with `create`, creates) the database at `path` (`:memory:` for a private one).
    init(path: String, readOnly: Bool = false, create: Bool = true) throws(ModelError) {
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw .sqlite(code: code, message: message, sql: nil)
        }
        self.handle = handle
        self.file = path.hasPrefix(":") || path.hasPrefix("file:") ? nil : URL(fileURLWithPath: path)
        sqlite3_extended_result_codes(handle, 1)
        SwiftText.install(on: handle)
        if let file { OpenStoreFiles.opened(file) }
    }

    deinit {
        lastStatement = nil
        statementCache.removeAll()
        sqlite3_close_v2(handle)
        if let file { OpenStoreFiles.closed(file) }
    }

    /// Waits up to `timeout` for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(_ timeout: Duration) {
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    /// Caps the database at `bytes` (rounded down to whole pages); nil leaves it unbounded. A
    /// write past the cap fails with `SQLITE_FULL`, as a full disk does.
    func limitSize(to bytes: Int?) throws(ModelError) {
        guard let bytes else { return }
        guard case .integer(let pageSize)? = try rows("PRAGMA page_size").first?.first, pageSize > 0 else { return }
        try execute("PRAGMA max_page_count = \(max(1, Int64(bytes) / pageSize))")
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(ModelError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw .sqlite(code: code, message: text, sql: sql)
        }
    }

    /// A prepared statement for `sql`, reused across calls: preparing is the expensive part.
    func cachedStatement(_ sql: String) throws(ModelError) -> SQLiteStatement {
        if let statement = lastStatement, statement.sql == sql {
            statement.reset()
            return statement
        }
        if let statement = statementCache[sql] {
            statement.reset()
            lastStatement = statement
            return statement
        }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        statementCache[sql] = statement
        lastStatement = statement
        return statement
    }

    /// Runs `sql` with `bindings` and returns every row.
    func rows(_ sql: String, _ bindings: [SQLiteValue] = []) throws(ModelError) -> [[SQLiteValue]] {
        let statement = try cachedStatement(sql)
        try statement.bind(bindings)
        var rows: [[SQLiteValue]] = []
        while try statement.step() {
            rows.append(statement.row())
        }
        return rows
    }

    /// Runs `sql` with `bindings`, ignoring any rows; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(ModelError) -> Int {
        let statement = try cachedStatement(sql)
        try statement.bind(bindings)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Resets every statement left mid-way, so that the read transaction SQLite started for it
    /// ends, and the connection's next read sees the latest commit instead of the state that
    /// statement began with. The reads that stop after one row reset their statement themselves;
    /// readers call this after every read as a safety net (the writer's connection needs none:
    /// it always reads the latest state, its own).
    func finishReading() {
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
            statement = sqlite3_next_stmt(handle, current)
        }
    }

    /// How many rows the last statement inserted, updated or deleted.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the row the last INSERT on this connection made.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
    ///
    /// BEGIN, COMMIT and ROLLBACK are prepared once and reused like any statement: `sqlite3_exec`
    /// parsed them anew on every save.
    func transaction<T>(immediate: Bool = true, _ body: () throws(ModelError) -> T) throws(ModelError) -> T {
        try run(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            _ = try? run("ROLLBACK")
            throw error
        }
    }

    /// The error SQLite reports for `code` on this connection.
    func error(_ code: Int32, sql: String?) -> ModelError {
        let message = String(cString: sqlite3_errmsg(handle))
        if code & 0xFF == SQLITE_BUSY { return .storeBusy(nil) }
        return .sqlite(code: code, message: message, sql: sql)
    }
}
