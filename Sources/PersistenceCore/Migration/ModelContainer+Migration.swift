/// SwiftData's containers with a migration plan.
extension ModelContainer {
    /// SwiftData's container for `schema` with a migration plan: a store made for one of the
    /// plan's versions is migrated to `schema` by lightweight migration, in one transaction.
    ///
    /// - Throws: ``ModelError/migrationFailed(_:)`` for a plan with a `.custom` stage, before
    ///   the store is touched; ``ModelError/schemaMismatch(_:)`` for a store that matches none
    ///   of the plan's versions, or whose changes are not a lightweight migration here.
    public convenience init(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The same, with the configurations in an array.
    public convenience init(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?,
                            configurations: [ModelConfiguration]) throws {
        guard configurations.count <= 1 else {
            throw ModelError.invalidConfiguration("\(configurations.count) configurations were given, and a container here has one store: make one container per store")
        }
        guard !schema.modelTypes.types.isEmpty else {
            throw ModelError.invalidConfiguration("the schema was built from entity descriptions, which name no model classes to create; build it from the classes: Schema([Item.self])")
        }
        try self.init(for: schema.modelTypes.types, configuration: configurations.first ?? ModelConfiguration(),
                      migrationPlan: migrationPlan)
    }

    /// SwiftData's container for the given models with a migration plan.
    public convenience init(for types: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)?,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(types), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The schemas of `plan`'s versions; throws for a stage this library cannot run.
    static func versions(of plan: any SchemaMigrationPlan.Type) throws -> [Schema] {
        for stage in plan.stages {
            if case .custom(let from, let to, _, _) = stage {
                throw ModelError.migrationFailed("the plan's stage from \(from.versionIdentifier) to \(to.versionIdentifier) is custom, and only lightweight stages run here: make it .lightweight, or move the data yourself")
            }
        }
        return plan.schemas.map { Schema(versionedSchema: $0) }
    }
}
