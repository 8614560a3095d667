import CSQLite
import Foundation

extension SQLiteStatement {
    /// Column `index` of the current row read as an attribute of `type`: a UUID attribute's
    /// 16-byte blob becomes a ``SQLiteValue/uuid(_:)`` without a `Data` in between; anything
    /// else as ``column(_:)`` reads it.
    ///
    /// The plain code is ``column(_:)``: two or three `sqlite3_column_*` calls per column (its
    /// type, then its value, then its size), each of which calls to enter and leave the
    /// connection's mutex and checks for a failed allocation. Here one call hands over the
    /// column's value and `sqlite3_value_*` read it without either. SQLite calls that value
    /// "unprotected" (no mutex held), and its documentation of `sqlite3_value` says that in
    /// multi-thread mode protected and unprotected values "can be used interchangeably": every
    /// connection is opened with `SQLITE_OPEN_NOMUTEX`, and a ``SQLiteStore`` lends it to one
    /// caller at a time.
    @inline(__always)
    func columnValue(_ index: Int32, as type: AttributeType) -> SQLiteValue {
        guard let value = sqlite3_column_value(handle, index) else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            // The text first, then its size in bytes, as SQLite asks (NUL characters included).
            guard let bytes = sqlite3_value_text(value) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(value) else { return .blob(Data()) }
            let count = Int(sqlite3_value_bytes(value))
            guard type == .uuid, count == 16 else { return .blob(Data(bytes: bytes, count: count)) }
            return .uuid(bytes.loadUnaligned(as: UUID.self))
        default: return .null
        }
    }
}
