/// The description of one model class: its name, its attributes and its relationships, each in
/// declaration order.
///
/// `@Model` generates it as `static var entitySchema`. The attribute order is the index that the
/// generated accessors use to reach a value in ``BackingData`` without a dictionary lookup; the
/// relationship order is the index of the generated relationship accessors.
public struct EntitySchema: Sendable, Hashable, Codable {
    /// The fields below, in one shared object: a schema is copied with every object made, so a
    /// copy is one reference, not four (see `FastPaths/EntitySchema+SharedStorage.swift`).
    /// Not retained: storages are interned, and the intern table keeps each one for the life of
    /// the process, so copying a schema costs no atomic reference counting. Its fields are read
    /// through ``field(_:)``, which does not retain it either (an `unowned(unsafe)` reference
    /// was retained and released around each read).
    var unmanagedStorage: Unmanaged<SharedStorage>

    /// One of the storage's fields, read without retaining the storage.
    @inline(__always)
    func field<Value>(_ read: (SharedStorage.Fields) -> Value) -> Value {
        unmanagedStorage._withUnsafeGuaranteedRef { read($0.fields) }
    }

    /// Whether `other` is this very schema: the same interned storage, compared as pointers.
    func hasSameStorage(as other: EntitySchema) -> Bool {
        unmanagedStorage.toOpaque() == other.unmanagedStorage.toOpaque()
    }

    /// The class name, e.g. `Item`.
    public var name: String { field { $0.name } }
    /// The persisted attributes: those of the eight primitive types, then the others
    /// (``ResolvedProperty``), each in declaration order.
    public var attributes: [AttributeSchema] { field { $0.attributes } }
    /// The relationships: those marked `@Relationship`, then those only their type made
    /// relationships (``ResolvedProperty``), each in declaration order; the schema fills in
    /// inferred inverses.
    public internal(set) var relationships: [Schema.Relationship] {
        get { field { $0.relationships } }
        set {
            // A new storage: other copies of this schema keep what they had.
            unmanagedStorage = SharedStorage.interned(.init(name: name, attributes: attributes, relationships: newValue, resolvedIndexes: resolvedIndexes,
                                          uniquenessConstraints: uniquenessConstraints, indices: indices, inheritance: inheritance))
        }
    }

    /// The compound unique constraints `#Unique` lists, each the names of the attributes (or to-one
    /// relationships) whose values together may appear in one row only; SwiftData's
    /// `Schema.Entity.uniquenessConstraints`. A single `@Attribute(.unique)` is the attribute's
    /// ``AttributeSchema/isUnique`` instead.
    public var uniquenessConstraints: [[String]] { field { $0.uniquenessConstraints } }
    /// The indexes `#Index` lists, each the names of the attributes (or to-one relationships) it
    /// orders rows by: an SQLite index, so a predicate or sort on them need not scan the table.
    public var indices: [[String]] { field { $0.indices } }

    /// For each resolved property (``ResolvedProperty``), in declaration order, its index among
    /// the attributes or among the relationships, whichever its type made it.
    @usableFromInline var resolvedIndexes: [Int] { field { $0.resolvedIndexes } }

    public init(name: String, attributes: [AttributeSchema], relationships: [Schema.Relationship] = [],
                uniquenessConstraints: [[String]] = [], indices: [[String]] = []) {
        self.init(name: name, attributes: attributes, relationships: relationships, resolved: [],
                  uniquenessConstraints: uniquenessConstraints, indices: indices)
    }

    /// What `@Model` emits: the properties it read as attributes and relationships, then those
    /// whose kind their type decides, each filed after the others of its kind.
    public init(name: String, attributes: [AttributeSchema], relationships: [Schema.Relationship] = [],
                resolved: [ResolvedProperty], uniquenessConstraints: [[String]] = [], indices: [[String]] = []) {
        var attributes = attributes
        var relationships = relationships
        var resolvedIndexes: [Int] = []
        for property in resolved {
            switch property.kind {
            case .attribute(let attribute):
                resolvedIndexes.append(attributes.count)
                attributes.append(attribute)
            case .relationship(let relationship):
                resolvedIndexes.append(relationships.count)
                relationships.append(relationship)
            }
        }
        unmanagedStorage = SharedStorage.interned(.init(name: name, attributes: attributes, relationships: relationships, resolvedIndexes: resolvedIndexes,
                                      uniquenessConstraints: uniquenessConstraints, indices: indices))
    }

    /// The SQLite table, named as Core Data names it: `Z` and the entity name in capitals. A
    /// subentity's rows live in its root entity's table, as Core Data stores entity inheritance.
    public var tableName: String { "Z" + rootName.uppercased() }

    /// The index of the attribute called `name`, if there is one.
    public func attributeIndex(named name: String) -> Int? {
        attributes.firstIndex { $0.name == name }
    }

    /// The index of the relationship called `name`, if there is one.
    public func relationshipIndex(named name: String) -> Int? {
        relationships.firstIndex { $0.name == name }
    }

    // MARK: Stored columns

    /// How many values a row holds: one per attribute, then one per to-one relationship (its
    /// column holds the related row's primary key). To-many relationships have no column here.
    var storedValueCount: Int {
        attributes.count + relationships.count { !$0.isToMany }
    }

    /// Where to-one relationship `index` keeps the related row's primary key among the values;
    /// nil for a to-many relationship.
    func valueIndex(ofRelationship index: Int) -> Int? {
        guard !relationships[index].isToMany else { return nil }
        return attributes.count + relationships[..<index].count { !$0.isToMany }
    }

    /// The name of the property at value `index`: an attribute, or a to-one relationship's column.
    func propertyName(atValue index: Int) -> String {
        if index < attributes.count { return attributes[index].name }
        return relationships.filter { !$0.isToMany }[index - attributes.count].name
    }

    // Stores made before relationships, `#Unique`, `#Index` or inheritance existed have no key for them.
    private enum CodingKeys: String, CodingKey { case name, attributes, relationships, uniquenessConstraints, indices, inheritance }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Only the generated accessors use resolved indexes; a stored model has none.
        unmanagedStorage = SharedStorage.interned(.init(
            name: try container.decode(String.self, forKey: .name),
            attributes: try container.decode([AttributeSchema].self, forKey: .attributes),
            relationships: try container.decodeIfPresent([Schema.Relationship].self, forKey: .relationships) ?? [],
            resolvedIndexes: [],
            uniquenessConstraints: try container.decodeIfPresent([[String]].self, forKey: .uniquenessConstraints) ?? [],
            indices: try container.decodeIfPresent([[String]].self, forKey: .indices) ?? [],
            inheritance: try container.decodeIfPresent(Inheritance.self, forKey: .inheritance)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(relationships, forKey: .relationships)
        // Only when there are some: a store without them keeps the bytes it had before they existed.
        if !uniquenessConstraints.isEmpty { try container.encode(uniquenessConstraints, forKey: .uniquenessConstraints) }
        if !indices.isEmpty { try container.encode(indices, forKey: .indices) }
        try container.encodeIfPresent(inheritance, forKey: .inheritance)
    }

    /// Two schemas are equal when their fields are: then they share one storage, which is interned.
    public static func == (lhs: EntitySchema, rhs: EntitySchema) -> Bool {
        lhs.hasSameStorage(as: rhs)  // interned: equal fields share one storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(unmanagedStorage.toOpaque())  // equal schemas share one storage, as == says
    }
}
