// Lesson: a model inside a `Sendable` value, fixed.
// Teaches: article 004's `DomainItem`: copy the fields the UI needs into a `Sendable` struct,
//   on the model's queue, and hand that out; the model stays home.
// Expected: compiles cleanly
// Wrong twin: model-in-sendable-value.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var id: UUID
    var timestamp: Date
    init(id: UUID = UUID(), timestamp: Date) {
        self.id = id
        self.timestamp = timestamp
    }
}

/// What the storage layer hands the UI.
struct DomainItem: Identifiable, Hashable, Sendable {
    let id: UUID
    let timestamp: Date

    /// Call it on the item's context's queue.
    init(_ item: Item) {
        id = item.id
        timestamp = item.timestamp
    }
}
