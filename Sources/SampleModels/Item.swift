import Foundation
import PersistenceCore

/// The course's model, the README's `Item`: what the lessons insert, fetch, pass around and import
/// by the thousand, and what the tests, the workshop and the benchmarks use too.
@Model public final class Item {
    // The lists show items by timestamp: a list of the first 100 then reads 100 rows of this index
    // where it would otherwise sort every row of the table, on the main queue, after each save.
    #Index<Item>([\.timestamp])

    @Attribute(.unique) public var id: UUID
    public var timestamp: Date
    @Attribute(.preserveValueOnDeletion) public var title: String?
    public var count: Int = 0

    public init(id: UUID = UUID(), timestamp: Date, title: String? = nil, count: Int = 0) {
        self.id = id
        self.timestamp = timestamp
        self.title = title
        self.count = count
    }
}
