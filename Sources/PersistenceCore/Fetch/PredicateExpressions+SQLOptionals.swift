import Foundation

// Optional chaining and `??`.

extension PredicateExpressions.OptionalFlatMap: SQLExpressible {
    /// `$0.title?.starts(with: "a")`: the closure runs on the unwrapped value, and the result is
    /// nil when the value is. SQL says the same with `CASE WHEN ZTITLE IS NULL THEN NULL ELSE … END`,
    /// so that whatever the closure's SQL would make of a NULL never leaks out.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let wrapped = context.translate(wrapped), wrapped.isExact, wrapped.isOptional,
              let transform = context.binding(variable.key, to: wrapped.unwrapped).translate(transform)
        else { return nil }
        return SQLExpression("(CASE WHEN \(wrapped) IS NULL THEN NULL ELSE \(transform) END)",
                             type: transform.type, isOptional: true, isExact: transform.isExact)
    }
}

extension PredicateExpressions.NilCoalesce: SQLExpressible {
    /// `$0.title ?? "none"` is `COALESCE(ZTITLE, ?)`: both take the first value that is not nil.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let lhs = context.translate(lhs), let rhs = context.translate(rhs),
              lhs.isOptional, lhs.type == rhs.type
        else { return nil }
        return SQLExpression("COALESCE(\(lhs), \(rhs))", type: lhs.type, isOptional: rhs.isOptional,
                             isExact: lhs.isExact && rhs.isExact)
    }
}
