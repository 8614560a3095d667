// Lesson: a model returned from a model actor's method, fixed.
// Teaches: return what may cross: the `PersistentIdentifier` (to look the model up in the
//   caller's own context) or a `Sendable` value with the fields the caller needs.
// Expected: compiles cleanly
// Wrong twin: model-from-actor.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

@ModelActor actor DataHandler {
    func newItem(timestamp: Date) throws -> PersistentIdentifier {
        let item = Item(timestamp: timestamp)
        modelContext.insert(item)
        try modelContext.save()
        return item.persistentModelID
    }
}

/// Creates an item through the actor and reads it back in the main context (SwiftData's
/// `mainContext`, on the MainActor).
@MainActor func addItem(with handler: DataHandler, container: ModelContainer) async throws -> Date? {
    let id = try await handler.newItem(timestamp: .now)
    return (container.mainContext.model(for: id) as? Item)?.timestamp
}
