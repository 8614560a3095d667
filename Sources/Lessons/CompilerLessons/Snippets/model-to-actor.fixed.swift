// Lesson: a model passed to another actor's method, fixed.
// Teaches: article 000's second version: pass the `PersistentIdentifier` and let the actor find
//   its own copy with `self[identifier, as: Item.self]`.
// Expected: compiles cleanly
// Wrong twin: model-to-actor.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

enum HandlerError: Error {
    case objectNotExist
}

@ModelActor actor DataHandler {
    func updateItem(identifier: PersistentIdentifier, timestamp: Date) throws {
        guard let item = self[identifier, as: Item.self] else { throw HandlerError.objectNotExist }
        item.timestamp = timestamp
        try modelContext.save()
    }
}

/// A view's action: the item it shows, updated by the actor through its identifier.
@MainActor func update(_ item: Item, with handler: DataHandler) async throws {
    try await handler.updateItem(identifier: item.persistentModelID, timestamp: .now)
}
