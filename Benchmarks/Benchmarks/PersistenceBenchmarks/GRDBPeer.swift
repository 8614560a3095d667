import BenchmarkSupport
import Foundation
import GRDB

/// GRDB's record inserts: what a Swift developer would otherwise pick.
///
/// A `Codable` record with the same four values, into an equivalent table (SQLite's integer rowid,
/// a unique 16-byte UUID blob, an indexed REAL date, nullable text, an integer) in a private
/// in-memory database, as the other peers use. Dates are stored as seconds since 2001 like Core
/// Data's, not as GRDB's default text.
struct ItemRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"
    static let databaseDateEncodingStrategy = DatabaseDateEncodingStrategy.timeIntervalSinceReferenceDate

    var id: UUID
    var timestamp: Date
    var title: String?
    var count: Int

    init(_ row: ItemRow) {
        id = row.id
        timestamp = row.timestamp
        title = row.title
        count = row.count
    }

    /// A new in-memory database with the `item` table.
    static func makeDatabase() throws -> DatabaseQueue {
        let database = try DatabaseQueue()
        try database.write { db in
            try db.create(table: databaseTableName) { table in
                table.column("id", .blob).notNull().unique()
                table.column("timestamp", .double).notNull().indexed()
                table.column("title", .text)
                table.column("count", .integer).notNull()
            }
        }
        return database
    }
}
