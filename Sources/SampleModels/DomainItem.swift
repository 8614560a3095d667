import Foundation

/// Article 004's `Sendable` item: what the app passes around instead of the `Item` model.
///
/// A model is bound to its context's queue and cannot cross isolation domains; this value can go
/// anywhere: from the model actor's queue to the MainActor, into a view, onto the network. The
/// `id` is our own `UUID` rather than a `PersistentIdentifier`, so nothing outside the storage
/// layer depends on the persistence framework.
public struct DomainItem: Identifiable, Hashable, Sendable, Codable {
    /// The item's own identity, the same as the model's `id`.
    public let id: UUID
    /// When the item was made.
    public let timestamp: Date

    public init(id: UUID = UUID(), timestamp: Date) {
        self.id = id
        self.timestamp = timestamp
    }

    /// Maps a model to the value; call it on the model's context's queue.
    public init(_ item: Item) {
        self.init(id: item.id, timestamp: item.timestamp)
    }
}
