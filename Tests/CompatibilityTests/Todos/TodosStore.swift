import Foundation
import SwiftData

/// The todo app's container, made where the app's scene would make it.
enum TodosStore {
    static let schema = SwiftData.Schema(versionedSchema: TodosSchemaV3.self)

    /// The store at `url`, migrated to the current version when an older one wrote it.
    static func container(at url: URL) throws -> SwiftData.ModelContainer {
        try SwiftData.ModelContainer(for: schema, migrationPlan: TodosMigrationPlan.self,
                                     configurations: [ModelConfiguration(schema: schema, url: url)])
    }

    /// A store in memory, for previews and tests.
    static func inMemoryContainer() throws -> SwiftData.ModelContainer {
        try SwiftData.ModelContainer(for: schema, migrationPlan: TodosMigrationPlan.self,
                                     configurations: [ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)])
    }
}
