extension SQLiteValue {
    /// Whether SQLite compares this value as Swift compares the value it came from.
    ///
    /// Three kinds of value do not:
    /// - NaN: SQLite turns a bound NaN into NULL, so `score != .nan` would keep no row at all.
    /// - Text with a NUL character: binding stops at the NUL, so SQL would compare a shorter string.
    /// - Text not in Unicode's composed form (NFC): Swift compares strings by canonical
    ///   equivalence ("e" + U+0301 equals "é"), SQLite compares bytes. For text in NFC, which is
    ///   what keyboards and most APIs produce, the two agree; the translator assumes stored text is
    ///   in NFC, and leaves predicates whose own strings are not to memory.
    var comparesInSQLAsInSwift: Bool {
        switch self {
        case .real(let number):
            return !number.isNaN
        case .text(let text):
            return !text.utf8.contains(0) && text.isInNormalFormC
        case .null, .integer, .blob, .uuid:
            return true
        }
    }
}

extension String {
    /// Whether the text is in Unicode Normal Form C, checked by the standard library's own
    /// normalization, the one `==` and `<` use; ASCII only where that check is unavailable.
    var isInNormalFormC: Bool {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            var span = utf8Span
            return span.checkForNFC(quickCheck: false)
        }
        return utf8.allSatisfy { $0 < 0x80 }
    }
}
