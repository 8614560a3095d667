import Foundation

// `contains` and `starts(with:)` on strings.
//
// Swift searches strings by `Character`: "a\r\nb" does not contain "\n" (CR-LF is one
// character), nor "किताब" "क", nor "ABC" "b", and "cafe\u{301}" contains "é". SQLite's `instr` and
// `LIKE` search bytes, so the translation calls `swift_contains` and `swift_starts_with`, which
// evaluate the predicate's own expressions inside SQLite (see `SwiftText`): exact, not a superset.

extension PredicateExpressions.CollectionContainsCollection: SQLExpressible
where Base.Output == String, Other.Output == String {
    /// `$0.name.contains(text)` is `swift_contains(ZNAME, ?)`.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        .stringSearch("swift_contains", context.translate(base), context.translate(other))
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLExpressible
where Base.Output == String, Prefix.Output == String {
    /// `$0.name.starts(with: text)` is `swift_starts_with(ZNAME, ?)`.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        .stringSearch("swift_starts_with", context.translate(base), context.translate(prefix))
    }
}

extension SQLExpression {
    /// `function(text, part)`, one of `SwiftText`'s searches, when both operands translate exactly
    /// to non-optional strings; nil otherwise (memory evaluates the predicate).
    static func stringSearch(_ function: String, _ text: SQLExpression?, _ part: SQLExpression?) -> SQLExpression? {
        guard let text, let part, text.isExact, part.isExact, text.type == .string, part.type == .string,
              !text.isOptional, !part.isOptional
        else { return nil }
        return .condition("\(raw: function)(\(text), \(part))")
    }
}
