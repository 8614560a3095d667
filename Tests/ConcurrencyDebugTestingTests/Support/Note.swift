import Foundation
import PersistenceCore

/// A note with a heading: the model these tests read and write on, and off, its context's queue.
@Model final class Note {
    var heading: String
    var createdAt: Date

    init(heading: String, createdAt: Date) {
        self.heading = heading
        self.createdAt = createdAt
    }
}

/// A fresh in-memory store of notes for each test.
enum NotesStore {
    static func inMemoryContainer() throws -> ModelContainer {
        try ModelContainer(for: Note.self, configuration: .inMemory)
    }
}

/// A fixed day, `number` days after the first: the tests never read the clock.
func day(_ number: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(number) * 86_400)
}
