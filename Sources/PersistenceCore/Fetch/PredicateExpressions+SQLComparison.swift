import Foundation

// Equality, ordering and membership: `==`, `!=`, `<`, `<=`, `>`, `>=`, `contains` on ranges and
// captured collections.

extension PredicateExpressions.Equal: SQLExpressible {
    /// `a == b`, with Swift's meaning of nil (see ``SQLExpression/equality(_:_:negated:)``).
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let lhs = context.translate(lhs), let rhs = context.translate(rhs) else { return nil }
        return .equality(lhs, rhs, negated: false)
    }
}

extension PredicateExpressions.NotEqual: SQLExpressible {
    /// `a != b`, with Swift's meaning of nil (see ``SQLExpression/equality(_:_:negated:)``).
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let lhs = context.translate(lhs), let rhs = context.translate(rhs) else { return nil }
        return .equality(lhs, rhs, negated: true)
    }
}

extension PredicateExpressions.Comparison: SQLExpressible {
    /// `<`, `<=`, `>`, `>=` for the types SQLite orders as Swift does (never optionals: Swift's
    /// `Optional` is not `Comparable`, so a predicate reaches them through `??` or `?.`).
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let lhs = context.translate(lhs), let rhs = context.translate(rhs),
              lhs.isExact, rhs.isExact, lhs.type == rhs.type, lhs.type.ordersInSQLAsInSwift,
              !lhs.isOptional, !rhs.isOptional
        else { return nil }
        let symbol = switch op {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
        return .condition("(\(lhs)\(raw: lhs.collation) \(raw: symbol) \(rhs))")
    }
}

extension PredicateExpressions.RangeExpressionContains: SQLExpressible {
    /// `(a...b).contains(x)` is `x BETWEEN a AND b`; `(a..<b).contains(x)` is `a <= x AND x < b`.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let bounds = range as? any SQLRangeBounds,
              let (lower, upper, isClosed) = bounds.sqlBounds(in: context),
              let element = context.translate(element),
              element.isExact, !element.isOptional, element.type == lower.type, element.type.ordersInSQLAsInSwift
        else { return nil }
        let collation = element.collation
        return isClosed
            ? .condition("(\(element)\(raw: collation) BETWEEN \(lower) AND \(upper))")
            : .condition("((\(element)\(raw: collation) >= \(lower)) AND (\(element)\(raw: collation) < \(upper)))")
    }
}

/// A range node, `a...b` or `a..<b`, whose bounds SQL can compare with.
protocol SQLRangeBounds {
    /// Both bounds, and whether the upper one is included; nil when they do not translate exactly.
    func sqlBounds(in context: PredicateSQLContext) -> (lower: SQLExpression, upper: SQLExpression, isClosed: Bool)?
}

extension PredicateExpressions.ClosedRange: SQLRangeBounds {
    /// `a...b`: the upper bound is included.
    func sqlBounds(in context: PredicateSQLContext) -> (lower: SQLExpression, upper: SQLExpression, isClosed: Bool)? {
        SQLExpression.bounds(context.translate(lower), context.translate(upper)).map { ($0, $1, true) }
    }
}

extension PredicateExpressions.Range: SQLRangeBounds {
    /// `a..<b`: the upper bound is excluded.
    func sqlBounds(in context: PredicateSQLContext) -> (lower: SQLExpression, upper: SQLExpression, isClosed: Bool)? {
        SQLExpression.bounds(context.translate(lower), context.translate(upper)).map { ($0, $1, false) }
    }
}

extension PredicateExpressions.SequenceContains: SQLExpressible where LHS.Output.Element: PersistentValue {
    /// `ids.contains($0.token)` over a captured collection is `ZTOKEN IN (?, ?, …)`.
    ///
    /// Only for non-optional elements: `IN` compares with `=`, for which NULL matches nothing,
    /// while Swift's `[nil].contains(nil)` is true.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let captured = sequence as? PredicateExpressions.Value<LHS.Output>,
              let element = context.translate(element), element.isExact, !element.isOptional
        else { return nil }
        var values: [SQLiteValue] = []
        for value in captured.value {
            guard values.count < SQLExpression.maximumListCount, value.sqliteValue.comparesInSQLAsInSwift else { return nil }
            values.append(value.sqliteValue)
        }
        return .condition("(\(element)\(raw: element.collation) IN \(list: values))")
    }
}

extension SQLExpression {
    /// `==` and `!=` with Swift's meaning.
    ///
    /// Non-optional operands use `=` and `<>`. When either side is optional, SQL's `=` would be
    /// unknown (NULL) for a nil row, and the row dropped, while Swift's `title != "x"` keeps a nil
    /// title: `IS` and `IS NOT` treat NULL as a value, exactly as Swift treats nil.
    static func equality(_ lhs: SQLExpression, _ rhs: SQLExpression, negated: Bool) -> SQLExpression? {
        guard lhs.type == rhs.type else { return nil }
        guard lhs.isExact, rhs.isExact else {
            return negated ? nil : matchingTrue(lhs, rhs)
        }
        if lhs.constant == .null || rhs.constant == .null {
            let value = lhs.constant == .null ? rhs : lhs
            return .condition("(\(value) \(raw: negated ? "IS NOT NULL" : "IS NULL"))")
        }
        let symbol = if lhs.isOptional || rhs.isOptional {
            negated ? "IS NOT" : "IS"
        } else {
            negated ? "<>" : "="
        }
        return .condition("(\(lhs)\(raw: lhs.collation) \(raw: symbol) \(rhs))")
    }

    /// `inexact == true`: still a superset, so allowed (`$0.title?.contains("a") == true`).
    private static func matchingTrue(_ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression? {
        let (piece, other) = lhs.isExact ? (rhs, lhs) : (lhs, rhs)
        guard other.isExact, other.isTrue else { return nil }
        return piece.isOptional ? .condition("(\(piece) IS \(other))", isExact: false) : piece
    }

    /// The bounds of a range, when both translate exactly to the same non-optional type.
    static func bounds(_ lower: SQLExpression?, _ upper: SQLExpression?) -> (SQLExpression, SQLExpression)? {
        guard let lower, let upper, lower.isExact, upper.isExact, lower.type == upper.type,
              !lower.isOptional, !upper.isOptional
        else { return nil }
        return (lower, upper)
    }

    /// At most this many values in one `IN` list; SQLite allows 32,766 placeholders per statement.
    static let maximumListCount = 1_000
}
