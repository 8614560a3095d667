extension SQLiteValue {
    /// Whether SQLite compares this value as Swift compares the value it came from.
    ///
    /// Two kinds of value do not:
    /// - NaN: SQLite turns a bound NaN into NULL, so `score != .nan` would keep no row at all.
    /// - Text with a NUL character: SQL's text functions stop at the NUL.
    ///
    /// Text in any normalization form compares as in Swift: text comparisons use the `SWIFT`
    /// collation and searches the `swift_` functions (see `SwiftText`).
    var comparesInSQLAsInSwift: Bool {
        switch self {
        case .real(let number):
            return !number.isNaN
        case .text(let text):
            return !text.utf8.contains(0)
        case .null, .integer, .blob, .uuid:
            return true
        }
    }
}
