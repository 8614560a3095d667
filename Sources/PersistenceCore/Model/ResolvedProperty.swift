import Foundation

/// A property whose kind the compiler decides, not `@Model`: `var status: Status?` may be an
/// optional enum (an attribute) or a to-one relationship to a model called `Status`, and the
/// macro sees only the text. SwiftData decides at run time, from the type; here the compiler picks
/// one of the initializers below by the property's type, and the entity files the property as an
/// attribute or a relationship (see ``EntitySchema/init(name:attributes:relationships:resolved:uniquenessConstraints:indices:)``).
///
/// The property's accessors choose the same way, among `BackingData`'s `getResolved`/`setResolved`
/// overloads (`Model/BackingData+ResolvedProperties.swift`).
public struct ResolvedProperty: Sendable {
    /// What the type made the property.
    enum Kind: Sendable {
        case attribute(AttributeSchema)
        case relationship(Schema.Relationship)
    }

    let kind: Kind

    // MARK: Relationships

    // Every initializer takes `isUnique:` and `originalName:`, so that `@Model` writes one call
    // whatever the type turns out to be; a relationship has no use for them.

    /// `var trip: Trip?`: a to-one relationship.
    public init<Destination: PersistentModel>(_ name: String, _ type: Destination?.Type,
                                              isUnique: Bool = false, originalName: String? = nil) {
        kind = .relationship(Schema.Relationship(name, to: Destination.self, isToMany: false))
    }

    /// `var stops: [Stop]`: a to-many relationship.
    public init<Destination: PersistentModel>(_ name: String, _ type: [Destination].Type,
                                              isUnique: Bool = false, originalName: String? = nil) {
        kind = .relationship(Schema.Relationship(name, to: Destination.self, isToMany: true))
    }

    /// `var trip: Trip`: a to-one relationship that must hold a model when read.
    public init<Destination: PersistentModel>(_ name: String, _ type: Destination.Type,
                                              isUnique: Bool = false, originalName: String? = nil) {
        kind = .relationship(Schema.Relationship(name, to: Destination.self, isToMany: false))
    }

    /// `var stops: [Stop]?`: a to-many relationship, SwiftData's optional spelling (it reads `[]`
    /// when it holds none).
    public init<Destination: PersistentModel>(_ name: String, _ type: [Destination]?.Type,
                                              isUnique: Bool = false, originalName: String? = nil) {
        kind = .relationship(Schema.Relationship(name, to: Destination.self, isToMany: true))
    }

    // MARK: Attributes

    /// A type the store keeps in a column of its own (`URL`, or a primitive written qualified).
    public init<Value: PersistentValue>(_ name: String, _ type: Value.Type, isUnique: Bool = false, originalName: String? = nil,
                preservesValueOnDeletion: Bool = false) {
        kind = .attribute(AttributeSchema(name, Value.self, isUnique: isUnique, originalName: originalName,
                                          preservesValueOnDeletion: preservesValueOnDeletion))
    }

    /// `var status: Status`, an enum with a raw value: stored as the raw value, so predicates
    /// comparing it translate to SQL.
    public init<Value: RawRepresentable>(_ name: String, _ type: Value.Type, isUnique: Bool = false,
                                         originalName: String? = nil, preservesValueOnDeletion: Bool = false) where Value.RawValue: PersistentValue {
        kind = .attribute(AttributeSchema(name: name, type: Value.RawValue.attributeType, isOptional: false,
                                          isUnique: isUnique, originalName: originalName,
                                          preservesValueOnDeletion: preservesValueOnDeletion))
    }

    /// `var status: Status?`.
    public init<Value: RawRepresentable>(_ name: String, _ type: Value?.Type, isUnique: Bool = false,
                                         originalName: String? = nil, preservesValueOnDeletion: Bool = false) where Value.RawValue: PersistentValue {
        kind = .attribute(AttributeSchema(name: name, type: Value.RawValue.attributeType, isOptional: true,
                                          isUnique: isUnique, originalName: originalName,
                                          preservesValueOnDeletion: preservesValueOnDeletion))
    }

    /// Any other `Codable` value (`Address`, `[String]`, `Decimal`, and their optionals): stored as
    /// JSON. Disfavoured, so that a type with a raw value or a column of its own is stored that way.
    @_disfavoredOverload
    public init<Value: Codable>(_ name: String, _ type: Value.Type, isUnique: Bool = false, originalName: String? = nil,
                preservesValueOnDeletion: Bool = false) {
        kind = .attribute(AttributeSchema(name: name, type: .codable, isOptional: Value.self is any OptionalValue.Type,
                                          isUnique: isUnique, originalName: originalName,
                                          preservesValueOnDeletion: preservesValueOnDeletion))
    }

    // MARK: Properties declared by their initial value

    /// The type of a property declared without one (`var name = ""`, `var sights = [Sight]()`):
    /// its initial value's, which the compiler infers from the closure. The closure is never
    /// called, so the value (a model, a date) is not made while the schema is built.
    public static func typeOfInitialValue<Value>(_ initialValue: () -> Value) -> Value.Type {
        Value.self
    }

    // MARK: Related model types

    /// The model a resolved property relates to, for ``PersistentModel/relatedModelTypes``.
    public static func modelTypes<Destination: PersistentModel>(of type: Destination?.Type) -> [any PersistentModel.Type] {
        [Destination.self]
    }

    /// The model a to-many resolved property relates to.
    public static func modelTypes<Destination: PersistentModel>(of type: [Destination].Type) -> [any PersistentModel.Type] {
        [Destination.self]
    }

    /// The model a non-optional to-one resolved property relates to.
    public static func modelTypes<Destination: PersistentModel>(of type: Destination.Type) -> [any PersistentModel.Type] {
        [Destination.self]
    }

    /// The model an optional to-many resolved property relates to.
    public static func modelTypes<Destination: PersistentModel>(of type: [Destination]?.Type) -> [any PersistentModel.Type] {
        [Destination.self]
    }

    /// An attribute relates to no model.
    @_disfavoredOverload
    public static func modelTypes<Value>(of type: Value.Type) -> [any PersistentModel.Type] {
        []
    }
}

/// `Optional`, seen without its wrapped type: how a stored `Codable` value tells nil (a NULL
/// column) from a value (JSON), whatever it wraps.
protocol OptionalValue {
    /// `nil` of this optional type.
    static var nilValue: Self { get }
    /// Whether this is `.none`.
    var isNone: Bool { get }
    /// The wrapped type.
    static var wrappedType: Any.Type { get }
    /// The wrapped value, nil for `.none`.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    static var nilValue: Self { nil }
    var isNone: Bool { self == nil }
    static var wrappedType: Any.Type { Wrapped.self }
    var wrappedValue: Any? { self.map { $0 } }
}
