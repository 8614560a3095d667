import Foundation

// The leaves of a predicate: attributes, closure variables, captured values and `nil`.

extension PredicateExpressions.KeyPath: SQLExpressible {
    /// `$0.name` is the column `ZNAME`; `$0.trip` is the related row's key in `ZTRIP`, and in
    /// `$0.trip?.name` the closure's `name` is read from that row
    /// (`Relationships/PredicateExpressions+SQLRelationships.swift`). Key paths on anything else
    /// (`$0.name.count`, `$0.stops.count`) have no column.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let variable = root as? any PredicateVariableNode else { return nil }
        if variable.key == context.modelVariable {
            if let attribute = context.attributes[keyPath as AnyKeyPath] { return .column(attribute) }
            return context.relatedRow(keyPath as AnyKeyPath, valueType: Output.self)
        }
        guard let related = context.translate(root), let row = related.row else { return nil }
        return row.read(keyPath as AnyKeyPath, valueType: Output.self, key: related)
    }
}

extension PredicateExpressions.Variable: SQLExpressible {
    /// A closure's variable is the value its `?.` unwrapped; the model variable alone is not a value.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        context.aliases[key]
    }
}

extension PredicateExpressions.Value: SQLExpressible where Output: PersistentValue {
    /// A captured value or literal becomes a `?` bound to the value as the store keeps it:
    /// a `Date` as seconds since 2001, a `UUID` as 16 bytes, a `Bool` as 0 or 1.
    ///
    /// Not NaN: SQLite binds it as NULL, so `score != .nan` would match nothing in SQL and every
    /// row in Swift. Memory evaluates such a predicate.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        let stored = value.sqliteValue
        if case .real(let real) = stored, real.isNaN { return nil }
        return .constant(stored, type: Output.attributeType, isOptional: Output.isOptional)
    }
}

extension PredicateExpressions.NilLiteral: SQLExpressible where Wrapped: PersistentValue {
    /// `nil` is SQL's NULL; comparisons with it become `IS NULL` / `IS NOT NULL`.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        .constant(.null, type: Wrapped.attributeType, isOptional: true)
    }
}
