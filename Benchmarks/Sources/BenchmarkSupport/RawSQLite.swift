import Foundation
import GRDBSQLite

/// SQLite's C API with nothing on top: the limit every other peer is measured against.
///
/// It writes the table PersistenceCore writes (Core Data's layout: `ZITEM` with `Z_PK`, `Z_ENT`,
/// `Z_OPT`, one column per attribute, a unique index on `ZID`, an index on `ZTIMESTAMP`) into a
/// private in-memory database, as the core's and GRDB's benchmarks do, and uses one prepared
/// statement per job.
// Not Sendable: one benchmark uses one database from one thread at a time.
public final class RawSQLite {
    public let handle: OpaquePointer

    /// `CREATE TABLE` as PersistenceCore's store writes it for ``Item``.
    public static let schema = """
        CREATE TABLE ZITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZID BLOB NOT NULL,
                            ZTIMESTAMP TIMESTAMP NOT NULL, ZTITLE VARCHAR, ZCOUNT INTEGER NOT NULL);
        CREATE UNIQUE INDEX Z_ITEM_UNIQUE_ID ON ZITEM (ZID);
        CREATE INDEX Z_ITEM_BY_TIMESTAMP ON ZITEM (ZTIMESTAMP);
        """
    public static let selectColumns = "SELECT Z_PK, Z_OPT, ZID, ZTIMESTAMP, ZTITLE, ZCOUNT FROM ZITEM"

    /// A new, empty in-memory database with the ``schema``.
    public init() {
        var handle: OpaquePointer?
        precondition(sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK)
        self.handle = handle!
        execute(Self.schema)
    }

    /// A new, empty database file at `path` with the ``schema``, in WAL mode with
    /// `synchronous = NORMAL`, as PersistenceCore's file stores are.
    public init(path: String) {
        var handle: OpaquePointer?
        precondition(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK)
        self.handle = handle!
        execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        execute(Self.schema)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    public func execute(_ sql: String) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        precondition(code == SQLITE_OK, String(cString: sqlite3_errmsg(handle)))
    }

    public func prepare(_ sql: String) -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        precondition(code == SQLITE_OK, String(cString: sqlite3_errmsg(handle)))
        return statement!
    }

    /// Inserts `rows` in one transaction with one prepared statement.
    public func insert(_ rows: [ItemRow]) {
        let statement = prepare("INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZID, ZTIMESTAMP, ZTITLE, ZCOUNT) VALUES (?1, 1, 1, ?2, ?3, ?4, ?5)")
        defer { sqlite3_finalize(statement) }
        execute("BEGIN IMMEDIATE")
        for (offset, row) in rows.enumerated() {
            sqlite3_bind_int64(statement, 1, Int64(offset + 1))
            withUnsafeBytes(of: row.id.uuid) { bytes in
                _ = sqlite3_bind_blob(statement, 2, bytes.baseAddress, 16, SQLITE_TRANSIENT)
            }
            sqlite3_bind_double(statement, 3, row.timestamp.timeIntervalSinceReferenceDate)
            if let title = row.title {
                var title = title
                title.withUTF8 { bytes in
                    _ = sqlite3_bind_text(statement, 4, bytes.baseAddress, Int32(bytes.count), SQLITE_TRANSIENT)
                }
            } else {
                sqlite3_bind_null(statement, 4)
            }
            sqlite3_bind_int64(statement, 5, Int64(row.count))
            precondition(sqlite3_step(statement) == SQLITE_DONE, String(cString: sqlite3_errmsg(handle)))
            sqlite3_reset(statement)
        }
        execute("COMMIT")
    }

    /// The current row of a statement that selects ``selectColumns``, as Swift values.
    public static func row(of statement: OpaquePointer) -> ItemRow {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if let blob = sqlite3_column_blob(statement, 2), sqlite3_column_bytes(statement, 2) == 16 {
            withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: UnsafeRawBufferPointer(start: blob, count: 16)) }
        }
        let title: String? = sqlite3_column_text(statement, 4).map { text in
            String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, 4))), as: UTF8.self)
        }
        return ItemRow(id: UUID(uuid: uuid),
                       timestamp: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 3)),
                       title: title, count: Int(sqlite3_column_int64(statement, 5)))
    }
}

/// In Swift 6 the C macro is not imported: SQLite's "copy this buffer now" destructor.
nonisolated(unsafe) let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)  // a constant, never written
