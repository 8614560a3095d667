// Lesson: a model deleted through its own context's `perform`, fixed.
// Teaches: two fixes, both passing the identifier. `performAndWait` on the model's own context
//   waits for its queue, but its block is `@Sendable` too in Core Data's current SDK, so it
//   cannot capture the model either: the identifier crosses and `model(for:)` hands back the
//   instance the context registered. Or a background context does the work (article 003's
//   `delItem(id:)`).
// Expected: compiles cleanly
// Wrong twin: model-from-its-context.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// On the model's own context, waiting for its queue.
func delItem(item: Item) {
    guard let context = item.modelContext else { return }
    let id = item.persistentModelID
    context.performAndWait {
        context.delete(context.model(for: id))
        try? context.save()
    }
}

/// Article 003's `delItem(id:)`: the identifier crosses, a background context does the work.
func delItem(id: PersistentIdentifier, in container: ModelContainer) {
    let background = container.newBackgroundContext()
    background.perform {
        background.delete(background.model(for: id))
        try? background.save()
    }
}
