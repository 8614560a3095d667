import Foundation

/// Article 004's `DomainItem`: a plain `Sendable` copy of an ``Item``, safe to hand to any thread.
public struct DomainItem: Identifiable, Hashable, Sendable {
    public let id: UUID
    public let timestamp: Date

    public init(id: UUID, timestamp: Date) {
        self.id = id
        self.timestamp = timestamp
    }
}

extension DomainItem {
    /// A copy of `item`'s values. Call it where `item` may be read: on its context's queue.
    public init(_ item: Item) {
        self.init(id: item.id, timestamp: item.timestamp)
    }
}
