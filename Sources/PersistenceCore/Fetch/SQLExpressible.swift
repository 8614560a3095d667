import Foundation

/// A `#Predicate` node that can say what it computes in SQL.
///
/// A predicate is a tree of `PredicateExpressions` values (`Conjunction`, `Comparison`, `KeyPath`,
/// `Value`, …) whose fields are public. The node types SQL can express conform to this protocol,
/// in the `PredicateExpressions+SQL…` files; the translator walks the tree with
/// `node as? any SQLExpressible`. A node without the conformance, or one that returns nil, is simply
/// evaluated in memory: that is how unknown forms fall back instead of giving a wrong answer.
protocol SQLExpressible {
    /// The node as SQL, or nil when SQL cannot compute what Swift would (nor a safe superset of it).
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression?
}

/// A predicate variable: the model (`$0`) or the value a `?.` / `flatMap` closure receives.
///
/// `PredicateExpressions.Variable` is generic over its value type; this protocol lets a `KeyPath`
/// node read its root's identity without knowing that type.
protocol PredicateVariableNode {
    /// The variable's identity, shared by every use of it in the predicate.
    var key: PredicateExpressions.VariableID { get }
}

extension PredicateExpressions.Variable: PredicateVariableNode {}
