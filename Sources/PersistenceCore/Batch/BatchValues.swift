/// Checks a batch update's `propertiesToUpdate` against the schema before anything is written.
enum BatchValues {
    struct Assignment {
        let column: String
        let value: SQLiteValue
    }

    /// The column assignments, in attribute order.
    ///
    /// - Throws: ``ModelError/invalidProperty(entity:property:reason:)`` naming the first unknown
    ///   property or wrongly typed value.
    static func validate(_ properties: [String: any Sendable], for entity: EntitySchema) throws(ModelError) -> [Assignment] {
        guard !properties.isEmpty else {
            throw ModelError.invalidProperty(entity: entity.name, property: "propertiesToUpdate", reason: "is empty: name at least one property to update")
        }
        for name in properties.keys.sorted() where entity.attributeIndex(named: name) == nil {
            throw ModelError.invalidProperty(entity: entity.name, property: name,
                                   reason: "does not exist: \(entity.name) has the properties \(entity.attributes.map(\.name).joined(separator: ", "))")
        }
        var assignments: [Assignment] = []
        for attribute in entity.attributes {
            guard let value = properties[attribute.name] else { continue }
            assignments.append(Assignment(column: attribute.columnName, value: try storedValue(value, for: attribute, in: entity)))
        }
        return assignments
    }

    /// Converts one value, allowing the lossless widenings a learner expects (`Int` for `Int64`
    /// or `Double`), and nothing else.
    static func storedValue(_ value: any Sendable, for attribute: AttributeSchema, in entity: EntitySchema) throws(ModelError) -> SQLiteValue {
        let expected = attribute.type.rawValue + (attribute.isOptional ? "?" : "")
        func mismatch(_ found: String) -> ModelError {
            .invalidProperty(entity: entity.name, property: attribute.name, reason: "is \(expected); got \(found)")
        }
        guard let persistent = value as? any PersistentValue else { throw mismatch("a \(type(of: value))") }
        let stored = persistent.sqliteValue
        if stored.isNaN {
            throw .invalidProperty(entity: entity.name, property: attribute.name, reason: SQLiteValue.nanRefusal)
        }
        if case .null = stored {
            guard attribute.isOptional else { throw mismatch("nil") }
            return .null
        }
        let given = type(of: persistent).attributeType
        switch (attribute.type, given) {
        case let (expected, given) where expected == given: return stored
        case (.int64, .int), (.int, .int64): return stored
        case (.double, .int), (.double, .int64):
            // Only integers a Double holds exactly: 2^53 + 1 would be stored as another number.
            if case .integer(let integer) = stored {
                let real = Double(integer)
                guard Int64(exactly: real) == integer else {
                    throw .invalidProperty(entity: entity.name, property: attribute.name,
                                           reason: "is \(expected); \(integer) has no exact Double, and would be stored as \(real)")
                }
                return .real(real)
            }
            return stored
        default: throw mismatch("a \(given.rawValue)")
        }
    }
}
