import Foundation
import PersistenceCore

/// The README's model: what the scenarios insert, fetch, pass around and import by the thousand.
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
