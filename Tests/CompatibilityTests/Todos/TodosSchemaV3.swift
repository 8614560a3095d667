import Foundation
import SwiftData

/// The current version: "!" at the start of a summary became a priority of its own, which every
/// item has. A new attribute that is not optional, filled from the old summaries: a custom stage.
enum TodosSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [TodoItem.self]
    }

    @Model
    final class TodoItem: CollectionDocument, Codable, Stamped {
        @Attribute(.unique) var uid: UUID
        var dateUpdated: Date
        var summary: String
        var isDone: Bool
        var dueDate: Date?
        var priority: Int

        init(uid: UUID = UUID(), dateUpdated: Date, summary: String, isDone: Bool = false, dueDate: Date? = nil, priority: Int = 0) {
            self.uid = uid
            self.dateUpdated = dateUpdated
            self.summary = summary
            self.isDone = isDone
            self.dueDate = dueDate
            self.priority = priority
        }

        enum CodingKeys: String, CodingKey {
            case uid, dateUpdated, summary, isDone, dueDate, priority
        }

        required init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            uid = try values.decode(UUID.self, forKey: .uid)
            dateUpdated = try values.decode(Date.self, forKey: .dateUpdated)
            summary = try values.decode(String.self, forKey: .summary)
            isDone = try values.decode(Bool.self, forKey: .isDone)
            dueDate = try values.decodeIfPresent(Date.self, forKey: .dueDate)
            priority = try values.decode(Int.self, forKey: .priority)
        }

        func encode(to encoder: any Encoder) throws {
            var values = encoder.container(keyedBy: CodingKeys.self)
            try values.encode(uid, forKey: .uid)
            try values.encode(dateUpdated, forKey: .dateUpdated)
            try values.encode(summary, forKey: .summary)
            try values.encode(isDone, forKey: .isDone)
            try values.encodeIfPresent(dueDate, forKey: .dueDate)
            try values.encode(priority, forKey: .priority)
        }
    }
}

/// The app's code names the current version's model only.
typealias TodoItem = TodosSchemaV3.TodoItem

/// A todo item as it leaves the collection's actor.
struct TodoSnapshot: Sendable, Equatable {
    let uid: UUID
    let summary: String
    let isDone: Bool
    let priority: Int
}

extension TodosSchemaV3.TodoItem: SendableDocument {
    var snapshot: TodoSnapshot {
        TodoSnapshot(uid: uid, summary: summary, isDone: isDone, priority: priority)
    }
}
