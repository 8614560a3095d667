// Lesson: a model deleted through its own context's `perform`.
// Teaches: articles 000 and 003 write `guard let context = item.modelContext` and then
//   `context.perform { context.delete(item) }`. Even on the model's own context, `perform` runs
//   its block later and is `@Sendable`, so Swift 6 refuses to let it capture the model, as Core
//   Data's current SDK does.
// Expected: error: capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure
// Fixed twin: model-from-its-context.fixed.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// Article 003's `delItem(item:)`.
func delItem(item: Item) {
    guard let context = item.modelContext else { return }
    context.perform {
        context.delete(item)
        try? context.save()
    }
}
