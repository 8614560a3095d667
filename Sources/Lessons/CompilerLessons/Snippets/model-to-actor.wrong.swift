// Lesson: a model passed to another actor's method.
// Teaches: article 000's first `DataHandler.updateItem(_ item: Item, timestamp:)`: the item comes
//   from the MainActor's context and would be used on the actor's queue. Region-based isolation
//   sees that the MainActor can still reach `item` after sending it, so it refuses the call.
// Expected: error: sending 'item' risks causing data races
// Fixed twin: model-to-actor.fixed.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

@ModelActor actor DataHandler {
    func updateItem(_ item: Item, timestamp: Date) throws {
        item.timestamp = timestamp
        try modelContext.save()
    }
}

/// A view's action: the item it shows, updated by the actor.
@MainActor func update(_ item: Item, with handler: DataHandler) async throws {
    try await handler.updateItem(item, timestamp: .now)
}
