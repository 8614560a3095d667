extension EntitySchema {
    /// An entity schema's fields, held by reference and shared by every copy of the schema.
    ///
    /// The plain code is the four fields stored in the struct itself. A schema is copied with
    /// every model made, fetched rows included: `T.entitySchema`, the backing data's `entity`,
    /// `@Model`'s default backing data. Each copy of four fields was four retains and, later,
    /// four releases; one reference is one of each. Immutable: changing a schema's
    /// relationships (only while a schema pairs inverses) makes a new storage.
    final class SharedStorage: Sendable {
        let name: String
        let attributes: [AttributeSchema]
        let relationships: [Schema.Relationship]
        let resolvedIndexes: [Int]

        init(name: String, attributes: [AttributeSchema], relationships: [Schema.Relationship], resolvedIndexes: [Int]) {
            self.name = name
            self.attributes = attributes
            self.relationships = relationships
            self.resolvedIndexes = resolvedIndexes
        }

        /// What equality and hashing compare.
        var fields: Fields { Fields(name: name, attributes: attributes, relationships: relationships, resolvedIndexes: resolvedIndexes) }

        struct Fields: Hashable {
            let name: String
            let attributes: [AttributeSchema]
            let relationships: [Schema.Relationship]
            let resolvedIndexes: [Int]
        }
    }
}
