import Foundation

/// The row a to-one relationship points to, inside a predicate: `$0.trip` in
/// `#Predicate<Stop> { $0.trip?.name == "Lisbon" }`.
///
/// `#Predicate` spells `$0.trip?.name` as a `?.` whose closure reads `name` from the unwrapped
/// trip. The translator binds the closure's variable to this row, and a key path from it becomes a
/// subquery on the related table: `(SELECT R1.ZNAME FROM ZTRIP R1 WHERE R1.Z_PK = ZSTOP.ZTRIP)`.
/// To-many relationships (`$0.stops.count`, `contains(where:)`) are evaluated in memory.
struct RelatedRow {
    /// The related model's key paths, by name (attributes and relationships).
    let keyPaths: [AnyKeyPath: String]
    /// The related entity.
    let entity: EntitySchema
    /// How deep in related rows this one is: names the subquery's alias, so nested ones differ.
    let depth: Int

    /// The related row of a model type, if `type` is one.
    init?(_ type: Any.Type, depth: Int) {
        guard let model = type as? any PersistentModel.Type else { return nil }
        keyPaths = model.attributeKeyPaths
        entity = model.entitySchema
        self.depth = depth
    }

    /// The SQL that reads `column` from this row, whose key is `key`.
    func subquery(_ column: String, key: SQLExpression) -> SQLText {
        let alias = "R\(depth)"
        return "(SELECT \(raw: alias).\(raw: column) FROM \(raw: entity.tableName) \(raw: alias) WHERE \(raw: alias).Z_PK = \(key))"
    }

    /// A key path read from this row: an attribute's column, or a to-one relationship's key
    /// (another related row); nil for anything else.
    func read(_ keyPath: AnyKeyPath, valueType: Any.Type, key: SQLExpression) -> SQLExpression? {
        guard let name = keyPaths[keyPath] else { return nil }
        if let index = entity.attributeIndex(named: name) {
            let attribute = entity.attributes[index]
            return SQLExpression(subquery(attribute.columnName, key: key), type: attribute.type, isOptional: true)
        }
        guard let index = entity.relationshipIndex(named: name), !entity.relationships[index].isToMany,
              let next = RelatedRow(Self.wrappedType(valueType), depth: depth + 1)
        else { return nil }
        return SQLExpression(subquery(entity.relationships[index].columnName, key: key), type: .int64, isOptional: true, row: next)
    }

    /// The model type a to-one relationship's optional holds.
    static func wrappedType(_ type: Any.Type) -> Any.Type {
        (type as? any OptionalModel.Type)?.wrappedModelType ?? type
    }
}

/// `Trip?`, seen from a predicate: what it wraps.
protocol OptionalModel {
    static var wrappedModelType: Any.Type { get }
}

extension Optional: OptionalModel {
    static var wrappedModelType: Any.Type { Wrapped.self }
}
