import CSQLite
import Foundation

/// Swift's rules for text, inside SQLite: what makes a `#Predicate` on strings select the same
/// rows whether SQL or memory evaluates it.
///
/// SQLite compares text by its UTF-8 bytes. Swift compares `String`s by canonical equivalence:
/// "café" with a precomposed "é" and "cafe\u{301}" (as macOS file names spell it) are equal in
/// Swift, different bytes in SQLite. Stored text stays exactly as it was written; only the
/// comparisons change:
///
/// - the collation `SWIFT` orders text as Swift's `<` and `==` do; translated predicates and sort
///   descriptors on text use it (`ZNAME COLLATE SWIFT = ?`);
/// - `swift_contains(text, part)`, `swift_starts_with(text, prefix)` and
///   `swift_localized_standard_contains(text, part)` search as `#Predicate`'s `contains`,
///   `starts(with:)` and `localizedStandardContains` do: they evaluate the very expressions a
///   predicate holds.
///
/// Both sides ASCII, Swift's order is the bytes' order, and the collation compares bytes: the
/// common case costs one scan and a `memcmp`.
enum SwiftText {
    /// The collation's name in SQL.
    static let collation = "SWIFT"

    /// Registers the collation and the three functions on a connection.
    static func install(on handle: OpaquePointer) {
        sqlite3_create_collation_v2(handle, collation, SQLITE_UTF8, nil, { _, lhsCount, lhs, rhsCount, rhs in
            SwiftText.compare(UnsafeRawBufferPointer(start: lhs, count: Int(lhsCount)),
                              UnsafeRawBufferPointer(start: rhs, count: Int(rhsCount)))
        }, nil)
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
        sqlite3_create_function_v2(handle, "swift_contains", 2, flags, nil, { context, _, arguments in
            SwiftText.answer(context, arguments) { text, part in
                PredicateExpressions.CollectionContainsCollection(base: PredicateExpressions.Value(text), other: PredicateExpressions.Value(part))
            }
        }, nil, nil, nil)
        sqlite3_create_function_v2(handle, "swift_starts_with", 2, flags, nil, { context, _, arguments in
            SwiftText.answer(context, arguments) { text, prefix in
                PredicateExpressions.SequenceStartsWith(base: PredicateExpressions.Value(text), prefix: PredicateExpressions.Value(prefix))
            }
        }, nil, nil, nil)
        sqlite3_create_function_v2(handle, "swift_localized_standard_contains", 2, flags, nil, { context, _, arguments in
            SwiftText.answer(context, arguments) { text, part in
                PredicateExpressions.StringLocalizedStandardContains(root: PredicateExpressions.Value(text), other: PredicateExpressions.Value(part))
            }
        }, nil, nil, nil)
    }

    /// Negative, zero or positive as `lhs` sorts before, with, or after `rhs` in Swift.
    static func compare(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int32 {
        if isASCII(lhs) && isASCII(rhs) {
            let common = min(lhs.count, rhs.count)
            let order = common == 0 ? 0 : memcmp(lhs.baseAddress!, rhs.baseAddress!, common)
            if order != 0 { return order < 0 ? -1 : 1 }
            return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
        }
        let left = String(decoding: lhs, as: UTF8.self), right = String(decoding: rhs, as: UTF8.self)
        return left == right ? 0 : (left < right ? -1 : 1)
    }

    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// Evaluates the predicate expression `make` builds from the two text arguments, and returns
    /// its answer to SQLite; NULL if either argument is NULL.
    private static func answer<Expression: PredicateExpression<Bool>>(
        _ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?,
        _ make: (String, String) -> Expression
    ) {
        guard let arguments, let text = string(arguments[0]), let part = string(arguments[1]),
              let result = try? make(text, part).evaluate(PredicateBindings())
        else { return sqlite3_result_null(context) }
        sqlite3_result_int(context, result ? 1 : 0)
    }

    /// A text argument as a Swift string, NUL characters included; nil for NULL.
    private static func string(_ value: OpaquePointer?) -> String? {
        guard sqlite3_value_type(value) != SQLITE_NULL, let bytes = sqlite3_value_text(value) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }
}
