import Foundation
import SwiftData

/// A reminders app's two versions: the second adds two attributes that are not optional, each
/// with the value its declaration gives, as apps add a setting or an order.
enum RemindersSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Reminder.self] }

    @Model
    final class Reminder {
        var title: String
        init(title: String) { self.title = title }
    }
}

enum RemindersSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Reminder.self] }

    @Model
    final class Reminder {
        var title: String
        var isPushNotificationEnabled: Bool = false
        var order: Int = 0
        init(title: String) { self.title = title }
    }
}

/// A third version whose new attribute is not optional and has no value: no migration can give
/// the stored rows one.
enum RemindersSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Reminder.self] }

    @Model
    final class Reminder {
        var title: String
        var isPushNotificationEnabled: Bool = false
        var order: Int = 0
        var dueDate: Date
        init(title: String, dueDate: Date) {
            self.title = title
            self.dueDate = dueDate
        }
    }
}

enum RemindersLightweightPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [RemindersSchemaV1.self, RemindersSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: RemindersSchemaV1.self, toVersion: RemindersSchemaV2.self)]
    }
}

enum RemindersCustomPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [RemindersSchemaV1.self, RemindersSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: RemindersSchemaV1.self, toVersion: RemindersSchemaV2.self, willMigrate: nil, didMigrate: nil)]
    }
}

enum RemindersNoValuePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [RemindersSchemaV2.self, RemindersSchemaV3.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: RemindersSchemaV2.self, toVersion: RemindersSchemaV3.self)]
    }
}
