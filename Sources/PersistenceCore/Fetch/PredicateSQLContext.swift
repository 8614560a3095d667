import Foundation

/// What a node needs to know to translate itself: which variable is the model, which column each
/// key path names, and which SQL a closure's variable stands for.
struct PredicateSQLContext {
    /// The predicate's own variable, `$0`: key paths from it name columns.
    let modelVariable: PredicateExpressions.VariableID
    /// Each persisted key path's attribute (Linux has no key-path reflection, so the model lists them).
    let attributes: [AnyKeyPath: AttributeSchema]
    /// The model's own entity: its table qualifies the columns a related row's subquery reads.
    let entity: EntitySchema
    /// The model's key paths by name, relationships included.
    let keyPathNames: [AnyKeyPath: String]
    /// The variables of enclosing `?.` / `flatMap` closures, and the SQL of what they unwrap.
    private(set) var aliases: [PredicateExpressions.VariableID: SQLExpression] = [:]

    /// The context for a predicate over `T` whose own variable is `variable`.
    init<T: PersistentModel>(model: T.Type, variable: PredicateExpressions.VariableID) {
        modelVariable = variable
        entity = T.entitySchema
        keyPathNames = T.attributeKeyPaths
        let byName = Dictionary(T.entitySchema.attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var attributes: [AnyKeyPath: AttributeSchema] = [:]
        for (keyPath, name) in T.attributeKeyPaths {
            attributes[keyPath] = byName[name]
        }
        self.attributes = attributes
    }

    /// A to-one relationship of the model, `$0.trip`: its column, qualified by the model's table
    /// so that a subquery on the related table still reads the model's row.
    func relatedRow(_ keyPath: AnyKeyPath, valueType: Any.Type) -> SQLExpression? {
        guard let name = keyPathNames[keyPath], let index = entity.relationshipIndex(named: name),
              !entity.relationships[index].isToMany,
              let row = RelatedRow(RelatedRow.wrappedType(valueType), depth: 1)
        else { return nil }
        return SQLExpression("\(raw: entity.tableName).\(raw: entity.relationships[index].columnName)", type: .int64, isOptional: true, row: row)
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
