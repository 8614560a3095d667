import SwiftData
import Foundation

/// The notes screen's model: it works on the main actor, through the container's main context.
@MainActor
final class NotesLibrary {
    let modelContext: ModelContext

    init(modelContainer: ModelContainer) {
        modelContext = modelContainer.mainContext
    }

    /// Stores a new note.
    @discardableResult
    func add(heading: String, body: String = "", createdAt: Date = .now) throws -> Note {
        let note = Note(heading: heading, body: body, createdAt: createdAt)
        modelContext.insert(note)
        try modelContext.save()
        return note
    }

    /// Every note, newest first.
    func notes() throws -> [Note] {
        try modelContext.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\Note.createdAt, order: .reverse)]))
    }

    /// The pinned notes, newest first.
    func pinnedNotes() throws -> [Note] {
        let descriptor = FetchDescriptor<Note>(predicate: #Predicate<Note> { $0.pinnedAt != nil },
                                               sortBy: [SortDescriptor(\Note.createdAt, order: .reverse)])
        return try modelContext.fetch(descriptor)
    }

    /// The notes whose heading or body contains `text`.
    func search(_ text: String) throws -> [Note] {
        let descriptor = FetchDescriptor<Note>(predicate: #Predicate<Note> { $0.heading.contains(text) || $0.body.contains(text) },
                                               sortBy: [SortDescriptor(\Note.createdAt, order: .reverse)])
        return try modelContext.fetch(descriptor)
    }

    /// Pins `note` at `date`.
    func pin(_ note: Note, at date: Date = .now) throws {
        note.pinnedAt = date
        try modelContext.save()
    }
}
