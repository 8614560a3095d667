extension EntitySchema {
    /// An entity schema's fields, held by reference and shared by every copy of the schema.
    ///
    /// The plain code is the four fields stored in the struct itself. A schema is copied with
    /// every model made, fetched rows included: `T.entitySchema`, the backing data's `entity`,
    /// `@Model`'s default backing data. Each copy of four fields was four retains and, later,
    /// four releases; an interned storage held unretained is none (see ``interned(_:)``).
    /// Immutable: changing a schema's relationships (only while a schema pairs inverses) makes,
    /// or finds, another storage.
    final class SharedStorage: Sendable {
        /// The fields themselves; the intern table is keyed by them.
        let fields: Fields

        private init(_ fields: Fields) {
            self.fields = fields
        }

        /// The one storage holding `fields`, made on first use.
        ///
        /// Interned, so that schemas with equal fields share one object and comparing them
        /// compares one pointer, and kept for the life of the process, so that a schema can hold
        /// its storage without retaining it (`Unmanaged`): a model made or fetched then
        /// costs no atomic reference counting for its schema. Schemas are made when a model type
        /// is first used and when a container pairs inverses or reads a store's schema: the
        /// table holds one storage per distinct schema, not one per container.
        ///
        /// Handed out unretained: the table holds the one reference the storage needs.
        static func interned(_ fields: Fields) -> Unmanaged<SharedStorage> {
            table.withLock { table in
                if let storage = table[fields] { return .passUnretained(storage) }
                let storage = SharedStorage(fields)
                table[fields] = storage
                return .passUnretained(storage)
            }
        }

        /// Every storage made so far. Never emptied: schemas hold their storage unretained.
        private static let table = Locked<[Fields: SharedStorage]>([:])

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
