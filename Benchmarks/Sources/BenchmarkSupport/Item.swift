import Foundation
import PersistenceCore

/// The benchmarks' model: the same shape as the tests' `Item` (the README's model plus two extras).
///
/// The raw SQLite and GRDB peers write the same four values into an equivalent table: the UUID as a
/// 16-byte blob, the date as a REAL (seconds since 2001), the title as nullable text, the count as
/// an integer.
@Model public final class Item {
    @Attribute(.unique) public var id: UUID
    public var timestamp: Date
    public var title: String?
    public var count: Int = 0

    public init(id: UUID = UUID(), timestamp: Date, title: String? = nil, count: Int = 0) {
        self.id = id
        self.timestamp = timestamp
        self.title = title
        self.count = count
    }

    /// A model for `row`, not yet inserted anywhere.
    public convenience init(_ row: ItemRow) {
        self.init(id: row.id, timestamp: row.timestamp, title: row.title, count: row.count)
    }
}
