import Foundation

// `&&`, `||`, `!` and `?:`: where a predicate can be split between SQL and memory.

extension PredicateExpressions.Conjunction: SQLExpressible {
    /// `a && b`. When only one side translates, SQL filters by that side (a superset of `a && b`)
    /// and memory evaluates the whole predicate on what it returns.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        switch (context.translate(lhs), context.translate(rhs)) {
        case let (lhs?, rhs?):
            .condition("(\(lhs) AND \(rhs))", isExact: lhs.isExact && rhs.isExact)
        case let (lhs?, nil):
            lhs.widened
        case let (nil, rhs?):
            rhs.widened
        case (nil, nil):
            nil
        }
    }
}

extension PredicateExpressions.Disjunction: SQLExpressible {
    /// `a || b` needs both sides: a row the untranslated side would keep could be any row.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let lhs = context.translate(lhs), let rhs = context.translate(rhs) else { return nil }
        return .condition("(\(lhs) OR \(rhs))", isExact: lhs.isExact && rhs.isExact)
    }
}

extension PredicateExpressions.Negation: SQLExpressible {
    /// `!a` only for an exact `a`: the negation of a superset would be a subset, and lose rows.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let wrapped = context.translate(wrapped), wrapped.isExact else { return nil }
        return .condition("(NOT \(wrapped))")
    }
}

extension PredicateExpressions.Conditional: SQLExpressible {
    /// `test ? a : b` is `CASE WHEN test THEN a ELSE b END`, when all three are exact.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let test = context.translate(test), let yes = context.translate(trueBranch),
              let no = context.translate(falseBranch),
              test.isExact, yes.isExact, no.isExact, yes.type == no.type
        else { return nil }
        return SQLExpression("(CASE WHEN \(test) THEN \(yes) ELSE \(no) END)",
                             type: yes.type, isOptional: yes.isOptional || no.isOptional)
    }
}
