import Foundation
import PersistenceCore

/// The workshop's item: the README's `Item`, with the count the exercises update.
@Model public final class Item {
    @Attribute(.unique) public var id: UUID
    public var timestamp: Date
    public var count: Int = 0

    public init(id: UUID = UUID(), timestamp: Date, count: Int = 0) {
        self.id = id
        self.timestamp = timestamp
        self.count = count
    }
}
