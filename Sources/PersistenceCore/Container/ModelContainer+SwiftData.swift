/// SwiftData's spellings of a container, so a model layer written for SwiftData compiles
/// unchanged: `ModelContainer(for: Item.self)`, `ModelContainer(for: schema, configurations: config)`.
extension ModelContainer {
    /// SwiftData's container for the given models. With no configuration, the store is SwiftData's
    /// default: `default.store` in the Application Support folder, kept across launches.
    public convenience init(for types: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(types), configurations: configurations)
    }

    /// SwiftData's container for `schema`.
    public convenience init(for schema: Schema, configurations: ModelConfiguration...) throws {
        try self.init(for: schema, configurations: configurations)
    }

    /// SwiftData's container for `schema`, with its configurations in an array.
    ///
    /// - Throws: ``SwiftDataError``, as SwiftData's initializer does: ``SwiftDataError/loadIssueModelContainer``
    ///   when the store cannot be opened, with the lab's ``ModelError`` as its
    ///   ``SwiftDataError/underlying`` reason (more than one configuration, since a container
    ///   here has one store; a schema built from entity descriptions rather than model classes;
    ///   and every reason the lab's `ModelContainer(for:configuration:)` gives).
    public convenience init(for schema: Schema, configurations: [ModelConfiguration]) throws {
        try self.init(for: schema, migrationPlan: nil, configurations: configurations)
    }

    /// The container's configurations, as SwiftData lists them: here always the one.
    public var configurations: Set<ModelConfiguration> { [configuration] }
}
