// Lesson: a model captured by `performAndWait` on its own context, fixed.
// Teaches: pass the identifier into the block and look the model up there: `model(for:)` hands
//   back the instance the context registered (Core Data's `object(with:)`).
// Expected: compiles cleanly
// Wrong twin: model-in-perform-and-wait.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var count: Int
    init(count: Int) { self.count = count }
}

/// Sets an item's count for callers on any thread.
func setCount(_ value: Int, of item: Item) {
    guard let context = item.modelContext else { return }
    let id = item.persistentModelID
    context.performAndWait {
        (context.model(for: id) as? Item)?.count = value
    }
}
