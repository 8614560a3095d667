import Foundation
@testable import PersistenceCore
import Testing

/// A fetched row's values are read by fast paths (`FastPaths/RowValues.swift` and
/// `SQLite/SQLiteStatement+ColumnValue.swift`): one `sqlite3_column_value` per column, written into a
/// buffer that the rows of one statement share. Every row size and every stored type must come
/// back exactly as it was written, and a row's values must stay a value: writing to one row's
/// never shows in another's.
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

    @Test("Rows read through one reader, across several shared buffers, each read back their own values")
    func rowsSharingBuffers() throws {
        let count = RowValues.Reader.rowsPerSharedBuffer * 3 + 5
        let (sql, connection) = try Self.storeOfNumbers(count)
        let select = try connection.cachedStatement("SELECT * FROM NUMBERS ORDER BY Z_PK")
        var reader = sql.rowReader()
        var rows: [EntitySQL.Row] = []
        while try select.step() { rows.append(sql.row(of: select, reader: &reader)) }
        #expect(rows.count == count)
        for (index, row) in rows.enumerated() {
            #expect(Array(row.values) == Self.numbers(index), "row \(index)")
        }
    }

    @Test("Writing to one row's values changes neither its neighbours in the shared buffer nor an earlier copy")
    func writesCopyTheirRowOnly() throws {
        let (sql, connection) = try Self.storeOfNumbers(10)
        let select = try connection.cachedStatement("SELECT * FROM NUMBERS ORDER BY Z_PK")
        var reader = sql.rowReader()
        var rows: [EntitySQL.Row] = []
        while try select.step() { rows.append(sql.row(of: select, reader: &reader)) }
        let cached = rows[4].values
        var changed = rows[4].values
        changed[1] = .text("changed")
        changed[1] = .text("changed twice")  // now an array of its own: written in place
        #expect(Array(changed) == [.integer(4), .text("changed twice")])
        #expect(Array(cached) == Self.numbers(4))
        for (index, row) in rows.enumerated() {
            #expect(Array(row.values) == Self.numbers(index), "row \(index)")
        }
        #expect(changed != cached)
        #expect(RowValues(Self.numbers(4)) == cached)
    }

    @Test("An entity with no stored values reads rows of no values")
    func rowsOfNoValues() throws {
        let entity = EntitySchema(name: "Bare", attributes: [])
        let sql = EntitySQL(entity: entity, in: Schema([entity]), storeIdentifier: UUID())
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE BARE (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER)")
        try connection.execute("INSERT INTO BARE VALUES (1, 1), (2, 1), (3, 1)")
        let select = try connection.cachedStatement("SELECT * FROM BARE")
        var reader = sql.rowReader()
        var keys: [Int64] = []
        while try select.step() {
            let row = sql.row(of: select, reader: &reader)
            #expect(row.values.isEmpty)
            keys.append(row.primaryKey)
        }
        #expect(keys == [1, 2, 3])
    }

    /// Row `index`'s values in the store ``storeOfNumbers(_:)`` makes.
    private static func numbers(_ index: Int) -> [SQLiteValue] {
        [.integer(Int64(index)), .text("number \(index)")]
    }

    /// An in-memory table of `count` rows, each holding ``numbers(_:)``.
    private static func storeOfNumbers(_ count: Int) throws -> (EntitySQL, SQLiteConnection) {
        let entity = EntitySchema(name: "Numbers", attributes: [
            AttributeSchema(name: "value", type: .int, isOptional: false),
            AttributeSchema(name: "name", type: .string, isOptional: false),
        ])
        let sql = EntitySQL(entity: entity, in: Schema([entity]), storeIdentifier: UUID())
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE NUMBERS (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER, C0, C1)")
        let insert = try connection.cachedStatement("INSERT INTO NUMBERS VALUES (?1, 1, ?2, ?3)")
        for index in 0..<count {
            try insert.bind([.integer(Int64(index) + 1)] + numbers(index))
            #expect(try insert.step() == false)
            insert.reset()
        }
        return (sql, connection)
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
