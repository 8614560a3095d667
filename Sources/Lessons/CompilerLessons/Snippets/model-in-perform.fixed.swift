// Lesson: a model captured by a `perform` block, fixed.
// Teaches: pass the identifier (Sendable, safe to read anywhere) and look the model up in the
//   context whose queue the block runs on (article 003: "Using NSManagedObjectID for Transfer").
// Expected: compiles cleanly
// Wrong twin: model-in-perform.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// Touches the same row through the background context's own copy of it.
@MainActor func touch(_ item: Item, in container: ModelContainer) {
    let id = item.persistentModelID
    let background = container.newBackgroundContext()
    background.perform {
        guard let mine = background.model(for: id) as? Item else { return }
        mine.timestamp = .now
        try? background.save()
    }
}
