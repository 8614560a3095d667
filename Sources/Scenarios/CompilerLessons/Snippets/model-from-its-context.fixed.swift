// Lesson: a model deleted through its own context's `perform`, fixed.
// Teaches: two fixes. `performAndWait` runs its block before it returns, so the block need not be
//   `@Sendable` and may capture the model (call it where the caller may wait for the queue). Or
//   pass the identifier and look the model up in the context whose queue the block runs on
//   (article 003's `delItem(id:)`).
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
    context.performAndWait {
        context.delete(item)
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
