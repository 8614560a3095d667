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
/// Only `.lightweight` stages run here (see the article "Differences from Core Data and SwiftData" for what they may change);
/// a plan with a `.custom` stage makes the container throw ``ModelError/migrationFailed(_:)``
/// before the store is touched.
// The only non-Sendable state is a custom stage's closures, which nothing here ever calls (a plan
// with a custom stage is refused before the store is touched).
public enum MigrationStage: @unchecked Sendable {  // immutable, and its closures are never called: nothing to guard
    /// The store's tables change to the next version's, keeping every row.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// SwiftData runs `willMigrate` on the old models and `didMigrate` on the new ones.
    case custom(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
                willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?)
}

extension Schema {
    /// The schema of one version of the models: SwiftData's `Schema(versionedSchema:)`.
    public init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }
}
