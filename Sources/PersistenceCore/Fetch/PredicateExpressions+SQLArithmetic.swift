import Foundation

// `+`, `-`, `*` and unary `-` on integers.
//
// Integer arithmetic is the same in SQLite and Swift, up to overflow, where Swift stops the
// process anyway. Double arithmetic is left to memory: with an infinity stored, `inf - inf` is
// NaN in Swift but NULL in SQLite, and the two disagree on `!=`. Division is left to memory too:
// SQLite answers NULL to a division by zero.

extension PredicateExpressions.Arithmetic: SQLExpressible {
    /// `a + b`, `a - b`, `a * b` on `Int` and `Int64`.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let lhs = context.translate(lhs), let rhs = context.translate(rhs),
              lhs.isExact, rhs.isExact, !lhs.isOptional, !rhs.isOptional,
              lhs.type == rhs.type, lhs.type == .int || lhs.type == .int64
        else { return nil }
        let symbol = switch op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        }
        return SQLExpression("(\(lhs) \(raw: symbol) \(rhs))", type: lhs.type)
    }
}

extension PredicateExpressions.UnaryMinus: SQLExpressible {
    /// `-x` for integers, and for doubles too: negating never makes a NaN. A negative literal
    /// (`$0.age > -5` arrives as `-` applied to 5) is bound as the negative value.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let wrapped = context.translate(wrapped), wrapped.isExact, !wrapped.isOptional,
              [.int, .int64, .double].contains(wrapped.type)
        else { return nil }
        switch wrapped.constant {
        case .integer(let value) where value != .min:
            return .constant(.integer(-value), type: wrapped.type, isOptional: false)
        case .real(let value):
            return .constant(.real(-value), type: wrapped.type, isOptional: false)
        default:
            return SQLExpression("(- \(wrapped))", type: wrapped.type)
        }
    }
}
