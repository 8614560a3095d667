import CSQLite
import Foundation

/// A prepared statement with typed binding and typed column reads.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws(ModelError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw connection.error(code, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Clears the previous run and, unless the caller binds every parameter again, the bindings.
    func reset(clearingBindings: Bool = true) {
        sqlite3_reset(handle)
        if clearingBindings { sqlite3_clear_bindings(handle) }
    }

    /// Binds `values` to the parameters `?1`, `?2`, … in order.
    func bind(_ values: [SQLiteValue]) throws(ModelError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    func bind(_ value: SQLiteValue, at index: Int32) throws(ModelError) {
        let code: Int32 = switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
        case .real(let real): sqlite3_bind_double(handle, index, real)
        case .text(let text): bindText(text, at: index)
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), SQLITE_TRANSIENT)
            }
        case .uuid(let uuid):
            withUnsafeBytes(of: uuid.uuid) { bytes in
                sqlite3_bind_blob(handle, index, bytes.baseAddress, 16, SQLITE_TRANSIENT)
            }
        }
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Binds the string's own UTF-8 bytes, with no copy made first. The byte count, not -1: a
    /// Swift string may contain NUL characters. A pointer even for "": SQLite binds NULL for none.
    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            let start = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            return sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), SQLITE_TRANSIENT)
        }
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws(ModelError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = connection.error(code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The value of column `index` (0-based) of the current row.
    func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: .text(text(index))
        case SQLITE_BLOB:
            if let bytes = sqlite3_column_blob(handle, index) {
                .blob(Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, index))))
            } else {
                .blob(Data())
            }
        default: .null
        }
    }

    /// Column `index` as text, NUL characters included.
    private func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as an integer (0 for NULL).
    func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Every column of the current row.
    func row() -> [SQLiteValue] {
        (0..<columnCount).map(column)
    }
}
