import Foundation
import SwiftData

/// The second version: an item may have a due date. An optional attribute more: lightweight.
enum TodosSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 1, 0)

    static var models: [any PersistentModel.Type] {
        [TodoItem.self]
    }

    @Model
    final class TodoItem: CollectionDocument, Codable {
        @Attribute(.unique) var uid: UUID
        var dateUpdated: Date
        var summary: String
        var isDone: Bool
        var dueDate: Date?

        init(uid: UUID = UUID(), dateUpdated: Date, summary: String, isDone: Bool = false, dueDate: Date? = nil) {
            self.uid = uid
            self.dateUpdated = dateUpdated
            self.summary = summary
            self.isDone = isDone
            self.dueDate = dueDate
        }

        enum CodingKeys: String, CodingKey {
            case uid, dateUpdated, summary, isDone, dueDate
        }

        required init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            uid = try values.decode(UUID.self, forKey: .uid)
            dateUpdated = try values.decode(Date.self, forKey: .dateUpdated)
            summary = try values.decode(String.self, forKey: .summary)
            isDone = try values.decode(Bool.self, forKey: .isDone)
            dueDate = try values.decodeIfPresent(Date.self, forKey: .dueDate)
        }

        func encode(to encoder: any Encoder) throws {
            var values = encoder.container(keyedBy: CodingKeys.self)
            try values.encode(uid, forKey: .uid)
            try values.encode(dateUpdated, forKey: .dateUpdated)
            try values.encode(summary, forKey: .summary)
            try values.encode(isDone, forKey: .isDone)
            try values.encodeIfPresent(dueDate, forKey: .dueDate)
        }
    }
}
