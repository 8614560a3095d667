/// One version of an app's models: SwiftData's `VersionedSchema`.
///
///     enum NotesSchemaV1: VersionedSchema {
///         static let versionIdentifier = Schema.Version(1, 0, 0)
///         static var models: [any PersistentModel.Type] { [Note.self] }
///         @Model final class Note { var text: String; init(text: String) { self.text = text } }
///     }
public protocol VersionedSchema: SendableMetatype {
    /// The version these models are.
    static var versionIdentifier: Schema.Version { get }
    /// The models of this version.
    static var models: [any PersistentModel.Type] { get }
}

/// The versions of an app's models and how a store moves from one to the next: SwiftData's
/// `SchemaMigrationPlan`, given to `ModelContainer(for:migrationPlan:configurations:)`.
public protocol SchemaMigrationPlan {
    /// Every version, oldest first.
    static var schemas: [any VersionedSchema.Type] { get }
    /// How each version becomes the next.
    static var stages: [MigrationStage] { get }
}

/// One step of a migration plan: SwiftData's `MigrationStage`.
///
/// A `.lightweight` stage changes the tables only (see the article "Differences from Core Data
/// and SwiftData" for what a lightweight migration may change). A `.custom` stage runs as
/// SwiftData runs one (`Migration/StagedMigration.swift`): `willMigrate` with a context on the store at
/// `fromVersion`, then the tables change to `toVersion`'s, then `didMigrate` with a context at
/// `toVersion`. A closure saves what it wants kept (`try context.save()`, as Apple's samples do);
/// what it leaves unsaved is dropped with its context. An error thrown by either closure, or a
/// change of tables this library cannot make, puts the store file back as it was before the
/// plan ran, and the container throws ``ModelError/migrationFailed(_:)``.
public enum MigrationStage: Sendable {
    /// The store's tables change to the next version's, keeping every row.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// `willMigrate` on the old models, the tables' change, then `didMigrate` on the new ones.
    case custom(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
                willMigrate: (@Sendable (ModelContext) throws -> Void)?, didMigrate: (@Sendable (ModelContext) throws -> Void)?)

    /// The version the stage starts from.
    var fromVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(let from, _), .custom(let from, _, _, _): from
        }
    }

    /// The version the stage ends at.
    var toVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(_, let to), .custom(_, let to, _, _): to
        }
    }
}

extension Schema {
    /// The schema of one version of the models: SwiftData's `Schema(versionedSchema:)`.
    public init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }
}
