import Foundation
@testable import PersistenceCore
import Testing

/// A fetched row's values are read by a fast path (`FastPaths/EntitySQL+RowValues.swift` and
/// `SQLiteStatement+ColumnValue.swift`): one `sqlite3_column_value` per column, and an array
/// literal for up to eight values. Every row size, on both sides of eight, and every stored type
/// must come back exactly as it was written.
@Suite("Reading rows")
struct RowReadingTests {
    /// The attribute type and stored value of column `index`: each kind in turn, NULL included.
    static func column(_ index: Int) -> (type: AttributeType, value: SQLiteValue) {
        switch index % 7 {
        case 0: (.int, .integer(Int64(index) * 1_000_000_007))
        case 1: (.double, .real(Double(index) + 0.25))
        case 2: (.string, .text("row \(index)\u{0}after a NUL"))
        case 3: (.uuid, .uuid(UUID()))
        case 4: (.data, .blob(Data([UInt8(index), 0, 255])))
        case 5: (.string, .null)
        default: (.uuid, .blob(Data([1, 2, 3])))  // a UUID attribute holding a blob that is no UUID
        }
    }

    @Test("A row of 0 to 12 values reads back its key, its version and every value, in order and of its stored kind",
          arguments: 0...12)
    func everySize(count: Int) throws {
        let columns = (0..<count).map(Self.column)
        let entity = EntitySchema(name: "Wide", attributes: columns.indices.map {
            AttributeSchema(name: "a\($0)", type: columns[$0].type, isOptional: true)
        })
        let sql = EntitySQL(entity: entity, in: Schema([entity]), storeIdentifier: UUID())
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE WIDE (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER" + columns.indices.map { ", C\($0)" }.joined() + ")")
        let insert = try connection.cachedStatement("INSERT INTO WIDE VALUES (?1, ?2" + columns.indices.map { ", ?\($0 + 3)" }.joined() + ")")
        try insert.bind([.integer(42), .integer(7)] + columns.map(\.value))
        #expect(try insert.step() == false)
        let select = try connection.cachedStatement("SELECT * FROM WIDE")
        #expect(try select.step())
        let row = sql.row(of: select)
        #expect(row.primaryKey == 42)
        #expect(row.version == 7)
        #expect(row.values.count == count)
        for (index, (read, written)) in zip(row.values, columns.map(\.value)).enumerated() {
            #expect(read == written, "column \(index)")
            // `.uuid` equals the blob of its bytes, so the kind is checked apart.
            #expect(Self.kind(of: read) == Self.kind(of: written), "column \(index)")
        }
    }

    private static func kind(of value: SQLiteValue) -> String {
        switch value {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        case .uuid: "uuid"
        }
    }
}
