import SwiftData
import Foundation

/// The current notes app: `title` became `heading`, and a note can be pinned.
enum NotesSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self]
    }

    @Model
    final class Note {
        @Attribute(originalName: "title") var heading: String
        var body: String
        var createdAt: Date
        var pinnedAt: Date?

        init(heading: String, body: String = "", createdAt: Date = .now) {
            self.heading = heading
            self.body = body
            self.createdAt = createdAt
        }
    }
}

/// The app's code names the current version's model only.
typealias Note = NotesSchemaV2.Note
