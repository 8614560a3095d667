/// Entity inheritance: a `@Model` subclass of a `@Model` class is a subentity, as SwiftData has it
/// since iOS 26 and Core Data always had it.
///
/// A subentity's schema lists its superentity's properties first, in the superentity's order,
/// then its own: so the superclass's generated accessors, which know only their own indexes, read
/// a subclass instance's backing data exactly as they read their own class's. Its rows live in
/// its root entity's table (``EntitySchema/tableName``), told apart by `Z_ENT`.
extension EntitySchema {
    /// Where an entity sits in its hierarchy, and how much of its schema it inherited.
    public struct Inheritance: Hashable, Sendable, Codable {
        /// The superentities, the root first and the direct superentity last.
        public let ancestors: [String]
        /// How many of the entity's attributes come from its superentity (they come first).
        let inheritedAttributes: Int
        /// How many of its relationships come from its superentity (they come first).
        let inheritedRelationships: Int
    }

    /// The entity's place in an inheritance hierarchy; nil for an entity without a superentity.
    public var inheritance: Inheritance? { field { $0.inheritance } }

    /// The name of the direct superentity, if there is one: Core Data's `superentity`.
    public var superentityName: String? { inheritance?.ancestors.last }

    /// The name of the entity whose table holds this entity's rows: its root, or itself.
    var rootName: String { inheritance?.ancestors.first ?? name }

    /// Whether this entity is the one called `name` or one of its subentities: whether its
    /// instances are instances of `name`'s class.
    func isKind(of name: String) -> Bool {
        self.name == name || inheritance?.ancestors.contains(name) == true
    }

    /// Whether relationship `index` is declared by this entity, not inherited.
    func declaresRelationship(_ index: Int) -> Bool { index >= (inheritance?.inheritedRelationships ?? 0) }

    /// The attributes this entity declares itself.
    var ownAttributes: ArraySlice<AttributeSchema> { attributes[(inheritance?.inheritedAttributes ?? 0)...] }

    /// What `@Model` emits for a subclass: the superentity's properties, then the subclass's own
    /// (attributes and relationships, then those whose kind their type decides).
    public init(name: String, superentity: EntitySchema, attributes: [AttributeSchema],
                relationships: [Schema.Relationship] = [], resolved: [ResolvedProperty] = [],
                uniquenessConstraints: [[String]] = [], indices: [[String]] = []) {
        let own = EntitySchema(name: name, attributes: superentity.attributes + attributes,
                               relationships: superentity.relationships + relationships, resolved: resolved,
                               uniquenessConstraints: uniquenessConstraints, indices: indices)
        let inheritance = Inheritance(ancestors: (superentity.inheritance?.ancestors ?? []) + [superentity.name],
                                      inheritedAttributes: superentity.attributes.count,
                                      inheritedRelationships: superentity.relationships.count)
        unmanagedStorage = SharedStorage.interned(.init(name: name, attributes: own.attributes, relationships: own.relationships,
                                      resolvedIndexes: superentity.resolvedIndexes + own.resolvedIndexes,
                                      uniquenessConstraints: uniquenessConstraints, indices: indices, inheritance: inheritance))
    }

    /// Where a model's own properties start in its schema: what `@Model` adds to the indexes of
    /// its generated accessors, which count from its first own property (zero in a root model).
    public struct IndexBase: Sendable {
        public let attributes: Int
        public let relationships: Int
        public let resolved: Int

        /// The base of a subclass of the model whose schema is `superentity`.
        public init(after superentity: EntitySchema) {
            attributes = superentity.attributes.count
            relationships = superentity.relationships.count
            resolved = superentity.resolvedIndexes.count
        }

        /// The base of a model with no model superclass: its indexes count from the first.
        /// Inlinable, so that a root model's accessors add a constant zero the optimizer removes.
        @inlinable public static var root: IndexBase { IndexBase(attributes: 0, relationships: 0, resolved: 0) }

        @usableFromInline init(attributes: Int, relationships: Int, resolved: Int) {
            self.attributes = attributes
            self.relationships = relationships
            self.resolved = resolved
        }
    }
}
