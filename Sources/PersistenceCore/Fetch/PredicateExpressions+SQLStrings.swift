import Foundation

// `contains` and `starts(with:)` on strings.
//
// Swift compares strings by `Character`: "a\r\nb" does not contain "\n" (CR-LF is one character),
// nor "किताब" "क", nor "ABC" "b". SQLite's `instr` finds bytes, case-sensitively, with no wildcards
// to escape (unlike `LIKE`, which also ignores ASCII case). So `instr` keeps every row Swift keeps,
// and a few more: these translations are inexact, and memory checks the rows SQL returns.

extension PredicateExpressions.CollectionContainsCollection: SQLExpressible
where Base.Output == String, Other.Output == String {
    /// `$0.name.contains(text)` is `instr(ZNAME, ?) > 0`, refined in memory.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let (text, part) = SQLExpression.stringOperands(context.translate(base), context.translate(other))
        else { return nil }
        return .condition("(instr(\(text), \(part)) > 0)", isExact: false)
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLExpressible
where Base.Output == String, Prefix.Output == String {
    /// `$0.name.starts(with: text)` is `instr(ZNAME, ?) = 1`, refined in memory.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let (text, prefix) = SQLExpression.stringOperands(context.translate(base), context.translate(prefix))
        else { return nil }
        return .condition("(instr(\(text), \(prefix)) = 1)", isExact: false)
    }
}

extension SQLExpression {
    /// Both operands of a string search, when they translate exactly to non-optional strings.
    static func stringOperands(_ text: SQLExpression?, _ part: SQLExpression?) -> (SQLExpression, SQLExpression)? {
        guard let text, let part, text.isExact, part.isExact, text.type == .string, part.type == .string,
              !text.isOptional, !part.isOptional
        else { return nil }
        return (text, part)
    }
}
