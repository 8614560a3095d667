import Foundation

/// What a node needs to know to translate itself: which variable is the model, which column each
/// key path names, and which SQL a closure's variable stands for.
struct PredicateSQLContext {
    /// The predicate's own variable, `$0`: key paths from it name columns.
    let modelVariable: PredicateExpressions.VariableID
    /// Each persisted key path's attribute (Linux has no key-path reflection, so the model lists them).
    let attributes: [AnyKeyPath: AttributeSchema]
    /// The variables of enclosing `?.` / `flatMap` closures, and the SQL of what they unwrap.
    private(set) var aliases: [PredicateExpressions.VariableID: SQLExpression] = [:]

    /// The context for a predicate over `T` whose own variable is `variable`.
    init<T: PersistentModel>(model: T.Type, variable: PredicateExpressions.VariableID) {
        modelVariable = variable
        let byName = Dictionary(T.entitySchema.attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var attributes: [AnyKeyPath: AttributeSchema] = [:]
        for (keyPath, name) in T.attributeKeyPaths {
            attributes[keyPath] = byName[name]
        }
        self.attributes = attributes
    }

    /// Translates a child node; nil when it is not a ``SQLExpressible`` node or cannot be expressed.
    func translate(_ node: Any) -> SQLExpression? {
        (node as? any SQLExpressible)?.sqlExpression(in: self)
    }

    /// This context, with `variable` standing for `expression` (inside a closure's body).
    func binding(_ variable: PredicateExpressions.VariableID, to expression: SQLExpression) -> PredicateSQLContext {
        var context = self
        context.aliases[variable] = expression
        return context
    }
}
