// Lesson: a model captured by `Task.detached`, fixed.
// Teaches: capture the identifier and the container (both `Sendable`), and make the context
//   inside the detached task: made off the main queue, `ModelContext(container)` gets a private
//   queue of its own (article 000), used here through `perform`.
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
        let context = ModelContext(container)
        try await context.perform {
            try context.existingModel(for: id, as: Item.self).timestamp = .distantPast
            try context.save()
        }
    }
}
