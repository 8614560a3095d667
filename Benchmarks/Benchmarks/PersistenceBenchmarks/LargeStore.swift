import BenchmarkSupport
import GRDB
import PersistenceCore
import SampleModels

/// The 100k items the batch and fetch benchmarks read and update, in a PersistenceCore store, in a
/// raw SQLite database and in a GRDB database side by side; made once, on first use.
// @unchecked: the raw database is used by one benchmark at a time, and benchmarks run one after another.
final class LargeStore: @unchecked Sendable {
    let container: ModelContainer
    let raw = RawSQLite()
    /// The same rows as GRDB records (the fetch's Swift peer; read only).
    let grdb: DatabaseQueue

    init() throws {
        container = try ModelContainer(for: Item.self, configuration: .inMemory)
        try container.newBackgroundContext().importItems(ItemRow.hundredThousand)
        raw.insert(ItemRow.hundredThousand)
        grdb = try ItemRecord.makeDatabase()
        try grdb.write { db in
            for row in ItemRow.hundredThousand { try ItemRecord(row).insert(db) }
        }
    }

    static let shared = try! LargeStore()
}
