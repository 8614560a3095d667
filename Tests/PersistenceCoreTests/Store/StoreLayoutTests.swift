import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// The file a learner opens in any SQLite browser looks like Core Data's.
@Suite("Store layout")
struct StoreLayoutTests {
    @Test("A saved file has Core Data's tables and columns, read with the C API")
    func coreDataLayout() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("layout.sqlite")
        let storeIdentifier: UUID
        do {
            let container = try ModelContainer(for: Item.self, Person.self, configuration: .file(url))
            storeIdentifier = container.storeIdentifier
            let context = container.newBackgroundContext()
            try context.performAndWait {
                let person = Person(name: "Ada", age: 36, sex: "f")
                context.insert(person)
                context.insert(Item(timestamp: Date(timeIntervalSinceReferenceDate: 86_400)))
                try context.save()
                person.age = 37
                try context.save()
            }
        }
        // The container closes its file once its last reference goes, which may be the commit
        // listeners' thread finishing a remote-change post: read the file after that close.
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let tables = try SQLiteFixture.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", in: url).map { $0[0] }
        // The entities' tables, and persistent history's (with SQLite's own for AUTOINCREMENT).
        #expect(tables == ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING", "ZITEM", "ZPERSON", "Z_METADATA", "Z_PRIMARYKEY", "sqlite_sequence"])

        let columns = try SQLiteFixture.rows("SELECT name, type FROM pragma_table_info('ZPERSON')", in: url)
        #expect(columns.map { $0[0] } == ["Z_PK", "Z_ENT", "Z_OPT", "ZNAME", "ZAGE", "ZSEX"])
        #expect(columns.map { $0[1] } == ["INTEGER", "INTEGER", "INTEGER", "VARCHAR", "INTEGER", "VARCHAR"])

        let person = try SQLiteFixture.rows("SELECT Z_PK, Z_ENT, Z_OPT, ZNAME, ZAGE FROM ZPERSON", in: url)
        #expect(person == [["1", "2", "2", "Ada", "37"]], "Z_ENT 2 (entities numbered by name), Z_OPT 2 after one update")

        let timestamp = try SQLiteFixture.rows("SELECT ZTIMESTAMP FROM ZITEM", in: url)
        #expect(Double(timestamp[0][0]) == 86_400, "dates are seconds since 2001-01-01")

        let keys = try SQLiteFixture.rows("SELECT Z_ENT, Z_NAME, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT", in: url)
        #expect(keys == [["1", "Item", "1"], ["2", "Person", "1"]])

        let metadata = try SQLiteFixture.rows("SELECT Z_VERSION, Z_UUID FROM Z_METADATA", in: url)
        #expect(metadata == [["1", storeIdentifier.uuidString]])

        let mode = try SQLiteFixture.rows("PRAGMA journal_mode", in: url)
        #expect(mode == [["wal"]])
    }

    @Test("A unique attribute gets a unique index")
    func uniqueIndex() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("unique.sqlite")
        _ = try ModelContainer(for: Item.self, configuration: .file(url))
        let indexes = try SQLiteFixture.rows("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ZITEM'", in: url)
        #expect(indexes.contains { $0[0].contains("UNIQUE") && $0[0].contains("ZID") })
    }

    @Test("The course's Item indexes its timestamp: a list of the first 100 by timestamp reads the index in order, sorting nothing")
    func timestampIndex() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("items.sqlite")
        _ = try ModelContainer(for: Item.self, configuration: .file(url))
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let plan = try SQLiteFixture.rows(
            "EXPLAIN QUERY PLAN SELECT Z_PK, Z_OPT, ZID, ZTIMESTAMP, ZTITLE, ZCOUNT FROM ZITEM ORDER BY ZTIMESTAMP LIMIT 100", in: url)
        #expect(plan.contains { $0.last?.contains("USING INDEX Z_ITEM_BY_TIMESTAMP") == true }, "\(plan)")
        #expect(!plan.contains { $0.last?.contains("TEMP B-TREE") == true }, "\(plan)")
    }
}

@Suite("Schema changes")
struct SchemaMismatchTests {
    enum Version1 {
        @Model final class Gadget {
            var name: String
            init(name: String) { self.name = name }
        }
    }

    enum Version2 {
        @Model final class Gadget {
            var name: String
            var price: Double
            init(name: String, price: Double) { self.name = name; self.price = price }
        }
    }

    enum Version3 {
        @Model final class Gadget {
            var name: Int
            init(name: Int) { self.name = name }
        }
    }

    /// A version-1 store holding one gadget: a row the changes below would leave without a value
    /// (an empty table would simply be made anew).
    private func versionOneStore(at url: URL) throws {
        do {
            let context = try ModelContainer(for: Version1.Gadget.self, configuration: .file(url)).newBackgroundContext()
            try context.performAndWait {
                context.insert(Version1.Gadget(name: "Lamp"))
                try context.save()
            }
        }
        try #require(OpenStoreFiles.waitUntilClosed(url))
    }

    @Test("Reopening a store with an added attribute names it, and leaves the file untouched")
    func addedAttribute() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("gadgets.sqlite")
        try versionOneStore(at: url)
        let before = contents(of: url)
        let error = #expect(throws: ModelError.self) { try ModelContainer(for: Version2.Gadget.self, configuration: .file(url)) }
        guard case .schemaMismatch(let message)? = error else {
            Issue.record("expected schemaMismatch, got \(String(describing: error))")
            return
        }
        #expect(message.contains("Gadget.price is in the model but not in the store"))
        #expect(contents(of: url) == before)
    }

    @Test("A changed attribute type and a missing entity are named")
    func changedType() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("gadgets.sqlite")
        try versionOneStore(at: url)
        let typeError = #expect(throws: ModelError.self) { try ModelContainer(for: Version3.Gadget.self, configuration: .file(url)) }
        #expect(typeError?.description.contains("Gadget.name is name: Int in the model but name: String in the store") == true)
        let entityError = #expect(throws: ModelError.self) {
            try ModelContainer(for: Version1.Gadget.self, Item.self, configuration: .file(url))
        }
        #expect(entityError?.description.contains("entity Item is in the model but not in the store") == true)
    }
}
