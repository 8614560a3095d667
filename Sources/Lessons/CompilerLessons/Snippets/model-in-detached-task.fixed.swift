// Lesson: a model captured by `Task.detached`, fixed.
// Teaches: capture the identifier and the container (both `Sendable`), and look the model up in
//   a context of the detached task's own: here Core Data's, a background context used through its
//   `perform` (SwiftData's form is a model actor's method that takes the identifier, as in
//   model-to-actor.fixed.swift: its ModelContext has no `perform`).
// Expected: compiles cleanly
// Wrong twin: model-in-detached-task.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// Archives the item's row in the background.
@MainActor func archive(_ item: Item, container: ModelContainer) {
    let id = item.persistentModelID
    Task.detached {
        let context = container.newBackgroundContext()
        try await context.perform {
            (context.model(for: id) as? Item)?.timestamp = .distantPast
            try context.save()
        }
    }
}
