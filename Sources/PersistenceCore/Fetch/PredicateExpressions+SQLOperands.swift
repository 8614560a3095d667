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

extension PredicateExpressions.Value: SQLExpressible {
    /// A captured value or literal becomes a `?` bound to the value as the store keeps it:
    /// a `Date` as seconds since 2001, a `UUID` as 16 bytes, a `Bool` as 0 or 1, an enum as its
    /// raw value. Any other type (a `Codable` struct) has no SQL form: memory evaluates it.
    ///
    /// Not NaN: SQLite binds it as NULL, so `score != .nan` would match nothing in SQL and every
    /// row in Swift. Memory evaluates such a predicate.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        guard let (stored, type, isOptional) = StoredForm.of(value) else { return nil }
        if case .real(let real) = stored, real.isNaN { return nil }
        return .constant(stored, type: type, isOptional: isOptional)
    }
}

extension PredicateExpressions.NilLiteral: SQLExpressible {
    /// `nil` is SQL's NULL; comparisons with it become `IS NULL` / `IS NOT NULL`.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        StoredForm.attributeType(of: Wrapped.self).flatMap { .constant(.null, type: $0, isOptional: true) }
    }
}

/// How the store keeps a captured value, found from its type at run time: a ``PersistentValue``
/// as itself, an enum with a raw value (or an optional one) as its raw value.
enum StoredForm {
    /// The stored value, its attribute type and whether the type is optional; nil for a type the
    /// store keeps as JSON or not at all.
    static func of<Output>(_ value: Output) -> (SQLiteValue, AttributeType, isOptional: Bool)? {
        if let persistent = Output.self as? any PersistentValue.Type {
            return form(of: value, as: persistent)
        }
        if let type = rawValueType(of: Output.self), let stored = rawStoredValue(of: value) {
            return (stored, type, false)
        }
        if let optionalType = Output.self as? any OptionalValue.Type, let type = rawValueType(of: optionalType.wrappedType),
           let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return (.null, type, true) }
            return rawStoredValue(of: wrapped).map { ($0, type, true) }
        }
        return nil
    }

    /// The attribute type values of `type` are stored as, when they have a column type.
    static func attributeType(of type: Any.Type) -> AttributeType? {
        (type as? any PersistentValue.Type)?.attributeType ?? rawValueType(of: type)
    }

    private static func form<Value: PersistentValue>(of value: Any, as _: Value.Type) -> (SQLiteValue, AttributeType, isOptional: Bool)? {
        (value as? Value).map { ($0.sqliteValue, Value.attributeType, Value.isOptional) }
    }

    /// The raw value's attribute type, for an enum whose raw value the store can keep.
    private static func rawValueType(of type: Any.Type) -> AttributeType? {
        func rawType<Value: RawRepresentable>(_: Value.Type) -> AttributeType? {
            (Value.RawValue.self as? any PersistentValue.Type)?.attributeType
        }
        return (type as? any RawRepresentable.Type).flatMap { rawType($0) }
    }

    private static func rawStoredValue(of value: Any) -> SQLiteValue? {
        ((value as? any RawRepresentable)?.rawValue as? any PersistentValue)?.sqliteValue
    }
}
