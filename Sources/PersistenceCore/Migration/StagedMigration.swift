import Foundation

/// A migration plan with a custom stage, run as SwiftData runs one: stage by stage, from the
/// version the store holds to the container's.
///
/// A `.custom` stage calls `willMigrate` with a context of a container of `fromVersion`'s models
/// (the store still at that version: the old models are the ones it can fetch), then opens a
/// container of `toVersion`'s models, which changes the tables by lightweight migration, and
/// calls `didMigrate` with a context of that one (the new models). A `.lightweight` stage only
/// opens the second container. Each closure runs on its context's queue, as code inside
/// `performAndWait` does; a model fetched in `willMigrate` and kept keeps the values it loaded.
///
/// All or nothing: the file is copied aside first (``StoreBackup``), and an error anywhere
/// (a closure's, or a change of tables that is not a lightweight migration here) writes the copy
/// back before the container throws. A plan of lightweight stages only does not come here: the
/// store migrates straight to the container's version in one transaction, the same end.
enum StagedMigration {
    /// Walks `plan`'s stages on the store of `configuration` up to `target`; does nothing for a
    /// plan without a custom stage, a store in memory or not created yet, a store already at
    /// `target`, or one at none of the plan's versions (opening it then says why).
    static func run(_ plan: any SchemaMigrationPlan.Type, to target: Schema, configuration: ModelConfiguration) throws {
        guard let url = configuration.fileURL, configuration.allowsSave,
              plan.stages.contains(where: { if case .custom = $0 { true } else { false } }),
              FileManager.default.fileExists(atPath: url.path),
              let stored = try StoreSchema.storedEntities(atPath: url.path, busyTimeout: configuration.busyTimeout),
              !holds(stored, target),
              var version = plan.schemas.first(where: { holds(stored, Schema(versionedSchema: $0)) })
        else { return }
        let backup = try StoreBackup(of: url.path, busyTimeout: configuration.busyTimeout)
        do {
            while !holds(Schema(versionedSchema: version).entities, target) {
                guard let stage = plan.stages.first(where: { $0.fromVersion.versionIdentifier == version.versionIdentifier }) else {
                    throw ModelError.migrationFailed("the store is at version \(version.versionIdentifier), and the plan has no stage from it to reach the container's models")
                }
                try run(stage, on: configuration)
                version = stage.toVersion
            }
        } catch {
            try backup.restore()
            guard case ModelError.migrationFailed(let reason) = error else { throw error }
            throw ModelError.migrationFailed(reason + ". The store file was put back as it was before the plan ran")
        }
    }

    /// Runs one stage on the store.
    private static func run(_ stage: MigrationStage, on configuration: ModelConfiguration) throws {
        let route = "the stage from \(stage.fromVersion.versionIdentifier) to \(stage.toVersion.versionIdentifier)"
        switch stage {
        case .lightweight(_, let to):
            try open(to, on: configuration, for: route)
        case .custom(let from, let to, let willMigrate, let didMigrate):
            if let willMigrate {
                try call(willMigrate, named: "willMigrate", on: try open(from, on: configuration, for: route), in: route)
            }
            let migrated = try open(to, on: configuration, for: route)
            if let didMigrate {
                try call(didMigrate, named: "didMigrate", on: migrated, in: route)
            }
        }
    }

    /// A container of `version`'s models on the store: opening it at the next version changes
    /// the tables.
    @discardableResult
    private static func open(_ version: any VersionedSchema.Type, on configuration: ModelConfiguration,
                             for route: String) throws -> ModelContainer {
        guard let url = configuration.fileURL else { preconditionFailure("a staged migration runs on a file") }
        var stageConfiguration = ModelConfiguration.file(url, readers: 0)
        stageConfiguration.busyTimeout = configuration.busyTimeout
        do {
            return try ModelContainer(for: version.models, configuration: stageConfiguration)
        } catch {
            throw ModelError.migrationFailed("\(route) could not open the store at version \(version.versionIdentifier): \(error)")
        }
    }

    /// Calls a stage's closure with a new context of `container`, on the context's queue.
    private static func call(_ closure: @Sendable (ModelContext) throws -> Void, named name: String,
                             on container: ModelContainer, in route: String) throws {
        let context = ModelContext(container, concurrencyType: .privateQueue)
        do {
            try context.runAndWait { try closure(context) }
        } catch {
            throw ModelError.migrationFailed("\(route) failed in \(name): \(error)")
        }
    }

    /// Whether a store made for `stored` holds exactly `schema`'s model.
    private static func holds(_ stored: [EntitySchema], _ schema: Schema) -> Bool {
        StoreSchema.differences(stored: stored, current: schema.entities).isEmpty
    }
}
