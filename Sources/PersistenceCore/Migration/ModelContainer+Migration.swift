/// SwiftData's containers with a migration plan.
extension ModelContainer {
    /// SwiftData's container for `schema` with a migration plan: a store made for one of the
    /// plan's versions is migrated to `schema`. A plan of `.lightweight` stages does it in one
    /// transaction; a plan with a `.custom` stage walks its stages one by one, running their
    /// closures (`Migration/StagedMigration.swift`), all or nothing.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer``, as SwiftData does, whose
    ///   ``SwiftDataError/underlying`` reason is ``ModelError/migrationFailed(_:)`` when a custom
    ///   stage's closure throws or a stage cannot run, with the store file put back as it was;
    ///   ``ModelError/schemaMismatch(_:)`` for a store that matches none of the plan's versions,
    ///   or whose changes are not a lightweight migration here.
    public convenience init(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The same, with the configurations in an array.
    public convenience init(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?,
                            configurations: [ModelConfiguration]) throws {
        do {
            guard configurations.count <= 1 else {
                throw ModelError.invalidConfiguration("\(configurations.count) configurations were given, and a container here has one store: make one container per store")
            }
            guard !schema.modelTypes.types.isEmpty || schema.entities.isEmpty else {
                throw ModelError.invalidConfiguration("the schema was built from entity descriptions, which name no model classes to create; build it from the classes: Schema([Item.self])")
            }
            try self.init(for: schema.modelTypes.types, configuration: configurations.first ?? ModelConfiguration(),
                          migrationPlan: migrationPlan)
        } catch {
            throw SwiftDataError.opening(error)
        }
    }

    /// SwiftData's container for the given models with a migration plan.
    public convenience init(for types: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)?,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(types), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The schemas of `plan`'s versions.
    static func versions(of plan: any SchemaMigrationPlan.Type) -> [Schema] {
        plan.schemas.map { Schema(versionedSchema: $0) }
    }
}
