// Lesson: a model inside a `Sendable` value.
// Teaches: wrapping a model in a struct does not make it safe to share: a `Sendable` struct may
//   only hold `Sendable` things. Article 004 maps the model to a value of its own instead.
// Expected: error: stored property 'item' of 'Sendable'-conforming struct 'ItemPayload' has non-Sendable type 'Item'
// Fixed twin: model-in-sendable-value.fixed.swift
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
struct ItemPayload: Sendable {
    let item: Item
}
