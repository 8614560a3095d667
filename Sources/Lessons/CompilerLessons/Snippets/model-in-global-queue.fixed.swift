// Lesson: a model modified from `DispatchQueue.global()`, fixed.
// Teaches: send the identifier across, and do the work in a context made for that queue, inside
//   its `performAndWait` (a private-queue context's queue is its own, not the global one).
// Expected: compiles cleanly
// Wrong twin: model-in-global-queue.wrong.swift
import Dispatch
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// The button's action: the first item's row, modified through a background context.
@MainActor func modifyOnItsOwnContext(_ items: [Item], container: ModelContainer) {
    let id = items.first!.persistentModelID
    DispatchQueue.global().async {
        let background = container.newBackgroundContext()
        background.performAndWait {
            guard let item = background.model(for: id) as? Item else { return }
            item.timestamp = .now
            try? background.save()
        }
    }
}
