// Lesson: a model returned from a model actor's method.
// Teaches: article 000's `DataHandler.newItem(timestamp:) -> Item`: the item belongs to the
//   actor's context and its queue; handing it to the caller would let two queues use it.
// Expected: error: non-Sendable 'Item'-typed result can not be returned from actor-isolated instance method 'newItem(timestamp:)' to nonisolated context
// Fixed twin: model-from-actor.fixed.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

@ModelActor actor DataHandler {
    func newItem(timestamp: Date) throws -> Item {
        let item = Item(timestamp: timestamp)
        modelContext.insert(item)
        try modelContext.save()
        return item
    }
}

/// Creates an item through the actor and reads it back here.
func addItem(with handler: DataHandler) async throws -> Date {
    let item = try await handler.newItem(timestamp: .now)
    return item.timestamp  // the actor's model, read off the actor's queue
}
