import SwiftData

/// Every version the notes app has shipped, and how a store moves from one to the next.
enum NotesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [NotesSchemaV1.self, NotesSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    /// A rename (declared with `originalName:`) and a new optional attribute: nothing to copy by hand.
    static var migrateV1toV2: MigrationStage {
        .lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)
    }
}
