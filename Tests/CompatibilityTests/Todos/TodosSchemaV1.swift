import Foundation
import SwiftData

/// The todo app's first version: a summary and whether it is done.
enum TodosSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [TodoItem.self]
    }

    @Model
    final class TodoItem: CollectionDocument, Codable {
        @Attribute(.unique) var uid: UUID
        var dateUpdated: Date
        var summary: String
        var isDone: Bool

        init(uid: UUID = UUID(), dateUpdated: Date, summary: String, isDone: Bool = false) {
            self.uid = uid
            self.dateUpdated = dateUpdated
            self.summary = summary
            self.isDone = isDone
        }

        enum CodingKeys: String, CodingKey {
            case uid, dateUpdated, summary, isDone
        }

        required init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            uid = try values.decode(UUID.self, forKey: .uid)
            dateUpdated = try values.decode(Date.self, forKey: .dateUpdated)
            summary = try values.decode(String.self, forKey: .summary)
            isDone = try values.decode(Bool.self, forKey: .isDone)
        }

        func encode(to encoder: any Encoder) throws {
            var values = encoder.container(keyedBy: CodingKeys.self)
            try values.encode(uid, forKey: .uid)
            try values.encode(dateUpdated, forKey: .dateUpdated)
            try values.encode(summary, forKey: .summary)
            try values.encode(isDone, forKey: .isDone)
        }
    }
}
