// Lesson: a model captured by a `perform` block.
// Teaches: `perform` runs its block later, on the context's queue, so the block is `@Sendable`;
//   a model is not `Sendable` (it belongs to its own context's queue), so the compiler refuses
//   to let another context's block touch it. In Core Data this compiles and crashes later.
// Expected: error: capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure
// Fixed twin: model-in-perform.fixed.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// Touches an item of the main context from a background context's queue.
@MainActor func touch(_ item: Item, in container: ModelContainer) {
    let background = container.newBackgroundContext()
    background.perform {
        item.timestamp = .now  // `item` belongs to the main context, not to `background`
        try? background.save()
    }
}
