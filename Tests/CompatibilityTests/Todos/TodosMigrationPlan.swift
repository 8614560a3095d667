import Foundation
import SwiftData

/// Every version the todo app has shipped, and how a store moves from one to the next.
enum TodosMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [TodosSchemaV1.self, TodosSchemaV2.self, TodosSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: TodosSchemaV1.self, toVersion: TodosSchemaV2.self)

    /// The old items, between the stage's two closures: read in `willMigrate`, deleted and saved
    /// there (they keep the values they loaded), copied in `didMigrate`.
    nonisolated(unsafe) private static var itemsBeingMigrated: [TodosSchemaV2.TodoItem] = []

    /// The priority moves out of the summary: `willMigrate` empties the table, so the new
    /// attribute, which no old row has, can be added; `didMigrate` writes the items back.
    static let migrateV2toV3 = MigrationStage.custom(
        fromVersion: TodosSchemaV2.self,
        toVersion: TodosSchemaV3.self,
        willMigrate: { context in
            let items = try context.fetch(FetchDescriptor<TodosSchemaV2.TodoItem>())
            itemsBeingMigrated = items
            for item in items {
                context.delete(item)
            }
            try context.save()
        },
        didMigrate: { context in
            for old in itemsBeingMigrated {
                let marks = old.summary.prefix { $0 == "!" }.count
                context.insert(TodosSchemaV3.TodoItem(
                    uid: old.uid, dateUpdated: old.dateUpdated, summary: String(old.summary.dropFirst(marks)),
                    isDone: old.isDone, dueDate: old.dueDate, priority: marks))
            }
            try context.save()
            itemsBeingMigrated = []
        }
    )
}
