/// The description of one model class: its name and its persisted properties, in declaration order.
///
/// `@Model` generates it as `static var entitySchema`. The attribute order is the index that the
/// generated accessors use to reach a value in ``BackingData`` without a dictionary lookup.
public struct EntitySchema: Sendable, Hashable, Codable {
    /// The class name, e.g. `Item`.
    public let name: String
    /// The persisted properties, in declaration order.
    public let attributes: [AttributeSchema]

    public init(name: String, attributes: [AttributeSchema]) {
        self.name = name
        self.attributes = attributes
    }

    /// The SQLite table, named as Core Data names it: `Z` and the entity name in capitals.
    public var tableName: String { "Z" + name.uppercased() }

    /// The index of the attribute called `name`, if there is one.
    public func attributeIndex(named name: String) -> Int? {
        attributes.firstIndex { $0.name == name }
    }
}
