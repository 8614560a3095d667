import Foundation
import SampleModels

/// The benchmarks use the course's `Item` (from `SampleModels`). The raw SQLite and GRDB peers
/// write the same four values into an equivalent table: the UUID as a 16-byte blob, the date as a
/// REAL (seconds since 2001), the title as nullable text, the count as an integer.
extension Item {
    /// A model for `row`, not yet inserted anywhere.
    public convenience init(_ row: ItemRow) {
        self.init(id: row.id, timestamp: row.timestamp, title: row.title, count: row.count)
    }
}
