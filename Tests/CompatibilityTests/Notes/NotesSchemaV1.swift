import SwiftData
import Foundation

/// The notes app as it first shipped: a note has a title.
enum NotesSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self]
    }

    @Model
    final class Note {
        var title: String
        var body: String
        var createdAt: Date

        init(title: String, body: String = "", createdAt: Date = .now) {
            self.title = title
            self.body = body
            self.createdAt = createdAt
        }
    }
}
