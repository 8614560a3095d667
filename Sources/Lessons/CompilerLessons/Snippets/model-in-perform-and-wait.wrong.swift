// Lesson: a model captured by `performAndWait` on its own context.
// Teaches: `performAndWait` runs its block before it returns, and the articles' Swift 5 code
//   captures the model in it. Core Data's current SDK declares the block `@Sendable`
//   (`performAndWait<T>(_ block: @Sendable () throws -> T) rethrows -> T`), so Swift 6 refuses
//   the capture here too, as for `perform`.
// Expected: error: capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure
// Fixed twin: model-in-perform-and-wait.fixed.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var count: Int
    init(count: Int) { self.count = count }
}

/// Sets an item's count for callers on any thread.
func setCount(_ value: Int, of item: Item) {
    guard let context = item.modelContext else { return }
    context.performAndWait {
        item.count = value
    }
}
