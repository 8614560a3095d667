import SwiftData
import Foundation

/// The notes app's container, made where the app's scene would make it.
enum NotesStore {
    /// The store at `url`, migrated to the current version when an older one wrote it.
    static func container(at url: URL) throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: NotesSchemaV2.self),
                           migrationPlan: NotesMigrationPlan.self,
                           configurations: ModelConfiguration(url: url))
    }

    /// A store in memory, for previews and tests.
    static func inMemoryContainer() throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: NotesSchemaV2.self),
                           migrationPlan: NotesMigrationPlan.self,
                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
}
