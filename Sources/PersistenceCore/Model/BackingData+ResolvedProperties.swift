import Foundation

/// The accessors of a ``ResolvedProperty``: `@Model` writes `backingData.getResolved(at: 0)` for
/// `var status: Status?`, and the compiler picks the overload for the property's type, as it
/// picked the schema's initializer. Each overload then goes the way every attribute or relationship
/// goes (``BackingData/getValue(at:)``, `getRelationship(at:)`), so the queue rule, faults and
/// change tracking stay in one place.
extension BackingData {
    // MARK: Relationships

    /// Reads a to-one relationship.
    @inlinable
    public func getResolved<Destination: PersistentModel>(at index: Int) -> Destination? {
        getRelationship(at: entity.resolvedIndexes[index])
    }

    /// Reads a to-many relationship.
    @inlinable
    public func getResolved<Destination: PersistentModel>(at index: Int) -> [Destination] {
        getRelationship(at: entity.resolvedIndexes[index])
    }

    /// Writes a to-one relationship.
    @inlinable
    public func setResolved<Destination: PersistentModel>(_ newValue: Destination?, at index: Int) {
        if isAdopting { return }  // a stored row's default `= nil`: skip even the index lookup
        setRelationship(newValue, at: entity.resolvedIndexes[index])
    }

    /// Writes a to-many relationship.
    @inlinable
    public func setResolved<Destination: PersistentModel>(_ newValue: [Destination], at index: Int) {
        if isAdopting { return }
        setRelationship(newValue, at: entity.resolvedIndexes[index])
    }

    /// Reads a non-optional to-one relationship (see ``getRelationship(at:)-(Int)->Target``).
    @inlinable
    public func getResolved<Destination: PersistentModel>(at index: Int) -> Destination {
        getRelationship(at: entity.resolvedIndexes[index])
    }

    /// Writes a non-optional to-one relationship.
    @inlinable
    public func setResolved<Destination: PersistentModel>(_ newValue: Destination, at index: Int) {
        if isAdopting { return }
        setRelationship(newValue, at: entity.resolvedIndexes[index])
    }

    /// Reads an optional to-many relationship: `[]` when it holds none.
    @inlinable
    public func getResolved<Destination: PersistentModel>(at index: Int) -> [Destination]? {
        getRelationship(at: entity.resolvedIndexes[index])
    }

    /// Writes an optional to-many relationship; nil empties it.
    @inlinable
    public func setResolved<Destination: PersistentModel>(_ newValue: [Destination]?, at index: Int) {
        if isAdopting { return }
        setRelationship(newValue, at: entity.resolvedIndexes[index])
    }

    // MARK: Values with a column type of their own

    /// Reads a `URL` (or a primitive written in a way `@Model` did not recognise).
    public func getResolved<Value: PersistentValue>(at index: Int) -> Value {
        getValue(at: entity.resolvedIndexes[index])
    }

    /// Writes it.
    public func setResolved<Value: PersistentValue>(_ newValue: Value, at index: Int) {
        setValue(newValue, at: entity.resolvedIndexes[index])
    }

    // MARK: Enums with raw values

    /// Reads an enum stored as its raw value; a raw value the enum no longer has stops the
    /// process, naming it (as a stored value of the wrong type does).
    public func getResolved<Value: RawRepresentable>(at index: Int) -> Value where Value.RawValue: PersistentValue {
        let attribute = entity.resolvedIndexes[index]
        let raw: Value.RawValue = getValue(at: attribute)
        guard let value = Value(rawValue: raw) else { typeMismatch(at: attribute, holding: raw.sqliteValue, expected: Value.self) }
        return value
    }

    /// Reads an optional enum stored as its raw value.
    public func getResolved<Value: RawRepresentable>(at index: Int) -> Value? where Value.RawValue: PersistentValue {
        let attribute = entity.resolvedIndexes[index]
        let raw: Value.RawValue? = getValue(at: attribute)
        return raw.map { raw in
            guard let value = Value(rawValue: raw) else { typeMismatch(at: attribute, holding: raw.sqliteValue, expected: Value.self) }
            return value
        }
    }

    /// Writes an enum as its raw value.
    public func setResolved<Value: RawRepresentable>(_ newValue: Value, at index: Int) where Value.RawValue: PersistentValue {
        setValue(newValue.rawValue, at: entity.resolvedIndexes[index])
    }

    /// Writes an optional enum as its raw value, or NULL.
    public func setResolved<Value: RawRepresentable>(_ newValue: Value?, at index: Int) where Value.RawValue: PersistentValue {
        setValue(newValue?.rawValue, at: entity.resolvedIndexes[index])
    }

    // MARK: Other Codable values

    /// Reads a `Codable` value stored as JSON (NULL for nil).
    @_disfavoredOverload
    public func getResolved<Value: Codable>(at index: Int) -> Value {
        let attribute = entity.resolvedIndexes[index]
        let stored = storedValue(at: attribute)
        if case .null = stored, let optional = Value.self as? any OptionalValue.Type, let none = optional.nilValue as? Value {
            return none
        }
        guard case .blob(let json) = stored, let value = try? JSONDecoder().decode(Value.self, from: json) else {
            typeMismatch(at: attribute, holding: stored, expected: Value.self)
        }
        return value
    }

    /// Writes a `Codable` value as JSON (nil as NULL). A value its own `encode(to:)` refuses
    /// stops the process, naming the attribute: a setter cannot throw.
    @_disfavoredOverload
    public func setResolved<Value: Codable>(_ newValue: Value, at index: Int) {
        let attribute = entity.resolvedIndexes[index]
        if let optional = newValue as? any OptionalValue, optional.isNone {
            setStoredValue(.null, at: attribute)
            return
        }
        do {
            setStoredValue(.blob(try Self.jsonEncoder.encode(newValue)), at: attribute)
        } catch {
            fatalError("\(entity.name).\(entity.attributes[attribute].name) could not be stored as JSON: \(error)")
        }
    }

    /// Sorted keys, so that an unchanged value encodes to the same bytes and is no change.
    private static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
