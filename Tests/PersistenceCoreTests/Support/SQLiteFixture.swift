import CSQLite
import Foundation

/// Files made with the raw C API, to check what the store wrote or to feed it something odd.
enum SQLiteFixture {
    /// A database of another program: one table `recipes`.
    static func makeForeignDatabase(at url: URL) throws {
        var db: OpaquePointer?
        guard sqlite3_open(url.path, &db) == SQLITE_OK else { throw FixtureError.open(url.path) }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')", nil, nil, nil) == SQLITE_OK
        else { throw FixtureError.sql(String(cString: sqlite3_errmsg(db))) }
    }

    /// Every row of `sql` as text, read with the C API.
    static func rows(_ sql: String, in url: URL) throws -> [[String]] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(url.path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { throw FixtureError.open(url.path) }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw FixtureError.sql(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
            })
        }
        return rows
    }

    /// Runs `sql` on the file with the C API, behind the back of any container that has it open.
    static func execute(_ sql: String, in url: URL) throws {
        var db: OpaquePointer?
        guard sqlite3_open(url.path, &db) == SQLITE_OK else { throw FixtureError.open(url.path) }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw FixtureError.sql(String(cString: sqlite3_errmsg(db))) }
    }

    enum FixtureError: Error {
        case open(String)
        case sql(String)
    }
}
