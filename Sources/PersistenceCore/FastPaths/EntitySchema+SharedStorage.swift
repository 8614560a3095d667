extension EntitySchema {
    /// An entity schema's fields, held by reference and shared by every copy of the schema.
    ///
    /// The plain code is the four fields stored in the struct itself. A schema is copied with
    /// every model made, fetched rows included: `T.entitySchema`, the backing data's `entity`,
    /// `@Model`'s default backing data. Each copy of four fields was four retains and, later,
    /// four releases; one reference is one of each. Immutable: changing a schema's
    /// relationships (only while a schema pairs inverses) makes a new storage.
    final class SharedStorage: Sendable {
        /// The fields themselves; equality and hashing compare them.
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }

        struct Fields: Hashable, Sendable {
            let name: String
            let attributes: [AttributeSchema]
            let relationships: [Schema.Relationship]
            let resolvedIndexes: [Int]
            var uniquenessConstraints: [[String]] = []
            var indices: [[String]] = []
            var inheritance: EntitySchema.Inheritance? = nil
        }
    }
}
