import Foundation
import PersistenceCore
import SampleModels
import Testing

/// `SQLiteValue.uuid` is a 16-byte BLOB kept as a UUID: to everyone else it must be that blob.
@Suite("Stored values")
struct SQLiteValueTests {
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var bytes: Data { withUnsafeBytes(of: uuid.uuid) { Data($0) } }

    @Test("A UUID equals, and hashes as, the blob of its 16 bytes")
    func uuidIsItsBlob() {
        #expect(SQLiteValue.uuid(uuid) == .blob(bytes))
        #expect(SQLiteValue.blob(bytes) == .uuid(uuid))
        #expect(SQLiteValue.uuid(uuid).hashValue == SQLiteValue.blob(bytes).hashValue)
        #expect(Set<SQLiteValue>([.uuid(uuid), .blob(bytes)]).count == 1)
        #expect(SQLiteValue.uuid(uuid) != .blob(bytes.dropLast()))
        #expect(SQLiteValue.uuid(uuid) != .uuid(UUID()))
        #expect(SQLiteValue.uuid(uuid) != .text(uuid.uuidString))
    }

    @Test("UUID and Data attributes read either form")
    func conversions() {
        #expect(uuid.sqliteValue == .uuid(uuid))
        #expect(UUID(sqliteValue: .blob(bytes)) == uuid)
        #expect(UUID(sqliteValue: .uuid(uuid)) == uuid)
        #expect(UUID(sqliteValue: .blob(Data([1, 2, 3]))) == nil)
        #expect(Data(sqliteValue: .uuid(uuid)) == bytes)
    }

    @Test("A saved UUID is a 16-byte blob in the file, and reads back equal")
    func storedAsBlob() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uuid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("store.sqlite")
        let id = uuid
        do {
            let container = try ModelContainer(for: Item.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            try context.performAndWait {
                context.insert(Item(id: id, timestamp: Date(timeIntervalSinceReferenceDate: 0)))
                try context.save()
            }
        }
        let reopened = try ModelContainer(for: Item.self, configuration: .file(url))
        let context = reopened.newBackgroundContext()
        let found = try context.performAndWait { try context.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.id == id })).map(\.id) }
        #expect(found == [id])
        // The C API sees the bytes Core Data would write: a BLOB of 16, in the UUID's byte order.
        let stored = try SQLiteFixture.rows("SELECT typeof(ZID), length(ZID), hex(ZID) FROM ZITEM", in: url)
        #expect(stored == [["blob", "16", uuid.uuidString.replacingOccurrences(of: "-", with: "")]])
    }
}
