// Lesson: a model captured by `Task.detached`.
// Teaches: article 000 recommends `Task.detached` to get off the main queue, but what the task
//   captures goes with it: the closure is a `sending` parameter, and an item the MainActor can
//   still reach may not be sent.
// Expected: error: passing closure as a 'sending' parameter risks causing data races
// Fixed twin: model-in-detached-task.fixed.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// Archives an item of the main context in the background.
@MainActor func archive(_ item: Item) {
    Task.detached {
        item.timestamp = .distantPast  // a main-context model, off the main queue
    }
}
