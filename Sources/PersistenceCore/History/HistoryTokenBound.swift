import Foundation

// Finds the token a history predicate starts after (`$0.token > lastToken`), so that the store
// reads only the transactions after it, and can tell whether the ones right after it are gone.

/// A predicate node that can say where, in token order, the transactions it accepts begin.
protocol HistoryTokenBounding {
    /// The lowest token value a transaction must have to be accepted, if the node says so.
    func lowestTokenAccepted(variable: PredicateExpressions.VariableID) -> HistoryTokenBound?
}

/// The first transaction a predicate can accept: the token it names, and whether that token's
/// own transaction is accepted too (`>=`).
struct HistoryTokenBound {
    let token: DefaultHistoryToken
    let includesToken: Bool
    /// Whether the bound is the whole predicate (`$0.token > t` alone): the store's read already
    /// applies it, and nothing is left to evaluate in memory.
    let isWholePredicate: Bool

    /// The first token value accepted.
    var firstValue: Int64 { includesToken ? token.value : token.value + 1 }

    /// The bound of a whole predicate, if its root node is one this file understands.
    static func of(_ predicate: Predicate<DefaultHistoryTransaction>) -> HistoryTokenBound? {
        (predicate.expression as? any HistoryTokenBounding)?.lowestTokenAccepted(variable: predicate.variable.key)
    }
}

extension PredicateExpressions.Conjunction: HistoryTokenBounding {
    /// Both sides must hold: the later of their bounds.
    func lowestTokenAccepted(variable: PredicateExpressions.VariableID) -> HistoryTokenBound? {
        let bounds = [lhs, rhs].compactMap { ($0 as? any HistoryTokenBounding)?.lowestTokenAccepted(variable: variable) }
        // The other side still has to be evaluated: the bound is not the whole predicate.
        return bounds.max { $0.firstValue < $1.firstValue }.map { HistoryTokenBound(token: $0.token, includesToken: $0.includesToken, isWholePredicate: false) }
    }
}

extension PredicateExpressions.Comparison: HistoryTokenBounding {
    /// `$0.token > t`, `$0.token >= t`, `t < $0.token`, `t <= $0.token`.
    func lowestTokenAccepted(variable: PredicateExpressions.VariableID) -> HistoryTokenBound? {
        typealias TokenPath = PredicateExpressions.KeyPath<PredicateExpressions.Variable<DefaultHistoryTransaction>, DefaultHistoryToken>
        func isToken(_ node: Any) -> Bool {
            guard let path = node as? TokenPath else { return false }
            return path.root.key == variable && path.keyPath == \DefaultHistoryTransaction.token
        }
        func value(_ node: Any) -> DefaultHistoryToken? { (node as? PredicateExpressions.Value<DefaultHistoryToken>)?.value }
        switch op {
        case .greaterThan where isToken(lhs): return value(rhs).map { HistoryTokenBound(token: $0, includesToken: false, isWholePredicate: true) }
        case .greaterThanOrEqual where isToken(lhs): return value(rhs).map { HistoryTokenBound(token: $0, includesToken: true, isWholePredicate: true) }
        case .lessThan where isToken(rhs): return value(lhs).map { HistoryTokenBound(token: $0, includesToken: false, isWholePredicate: true) }
        case .lessThanOrEqual where isToken(rhs): return value(lhs).map { HistoryTokenBound(token: $0, includesToken: true, isWholePredicate: true) }
        default: return nil
        }
    }
}
