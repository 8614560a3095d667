import Foundation

/// The SQL statements for one entity, written once when the container opens.
///
/// Every statement lists the columns in attribute order, so a row maps straight onto
/// ``BackingData``'s values without a lookup. A class: passing it around (once per saved or fetched
/// row) retains one object instead of its nine strings.
final class EntitySQL: Sendable {
    let entity: EntitySchema
    /// The store and entity every identifier of this entity's rows shares.
    let scope: PersistentIdentifier.Scope
    /// The entity's `Z_ENT`.
    let entityNumber: Int64
    /// Each stored value's type, in column order: how ``row(of:)`` reads a UUID without a `Data`.
    /// The attributes, then a to-one relationship's primary key per to-one relationship.
    let attributeTypes: [AttributeType]
    /// Where each relationship lives and how to read it, in the entity's relationship order.
    let relationships: [RelationshipSQL]
    /// `Z_PK, Z_OPT, ZA, ZB, …`
    let selectColumns: String
    /// `SELECT Z_PK, Z_OPT, … FROM ZITEM`
    let select: String
    /// `SELECT Z_PK, Z_OPT, … FROM ZITEM WHERE Z_PK = ?1`
    let selectByPrimaryKey: String
    /// `INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, …) VALUES (?1, 1, 1, ?2, …)`: the entity number
    /// and a new row's version 1 written in the statement, so that each row binds only its key
    /// and values.
    let insert: String
    /// `UPDATE ZITEM SET Z_OPT = ?2, ZA = ?3, … WHERE Z_PK = ?1`
    let update: String
    /// `DELETE FROM ZITEM WHERE Z_PK = ?1`
    let delete: String
    /// `UPDATE … WHERE Z_PK = ?1 AND Z_OPT = ?n` (n: one past the values): optimistic locking's
    /// write, which changes the row only while it is still at the version the context read.
    let updateIfUnchanged: String
    /// `DELETE FROM ZITEM WHERE Z_PK = ?1 AND Z_OPT = ?2`: optimistic locking's delete.
    let deleteIfUnchanged: String
    /// `Z_ENT IN (2, 3)`: which of the table's rows are this entity's, when the table holds
    /// other entities' too (a subentity shares its root's table); nil when all of them are.
    let kindFilter: String?
    /// Whether the entity has subentities: then its rows may be theirs, and `select` also reads
    /// `Z_ENT` (after the values) to tell which.
    let hasSubentities: Bool

    init(entity: EntitySchema, in schema: Schema, storeIdentifier: UUID) {
        self.entity = entity
        scope = .interned(storeIdentifier, entity.name)
        entityNumber = Int64(schema.entityNumber(of: entity.name) ?? 0)
        let toOne = entity.relationships.filter { !$0.isToMany }
        attributeTypes = entity.attributes.map(\.type) + toOne.map { _ in .int64 }
        relationships = entity.relationships.enumerated().map { RelationshipSQL($1, index: $0, of: entity, in: schema) }
        let table = entity.tableName
        let columns = entity.attributes.map(\.columnName) + toOne.map(\.columnName)
        selectColumns = (["Z_PK", "Z_OPT"] + columns).joined(separator: ", ")
        hasSubentities = !schema.subentities(of: entity.name).isEmpty
        kindFilter = entity.inheritance == nil ? nil
            : "Z_ENT IN (\(schema.entityNumbers(ofKind: entity.name).map(String.init).joined(separator: ", ")))"
        select = "SELECT \(selectColumns)\(hasSubentities ? ", Z_ENT" : "") FROM \(table)"
        selectByPrimaryKey = "\(select) WHERE Z_PK = ?1" + (kindFilter.map { " AND \($0)" } ?? "")
        let placeholders = (0..<columns.count).map { "?\($0 + 2)" }
        insert = "INSERT INTO \(table) (\((["Z_PK", "Z_ENT", "Z_OPT"] + columns).joined(separator: ", "))) VALUES (\((["?1", "\(entityNumber)", "1"] + placeholders).joined(separator: ", ")))"
        let assignments = ["Z_OPT = ?2"] + columns.enumerated().map { "\($1) = ?\($0 + 3)" }
        update = "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ?1"
        delete = "DELETE FROM \(table) WHERE Z_PK = ?1"
        updateIfUnchanged = update + " AND Z_OPT = ?\(columns.count + 3)"
        deleteIfUnchanged = delete + " AND Z_OPT = ?2"
    }

    /// A row as `select` returns it: primary key, version, values.
    struct Row: Sendable {
        let primaryKey: Int64
        let version: Int64
        /// The values, until ``takeValues()`` hands them to the backing data made for the row.
        private(set) var values: RowValues
        /// The `Z_ENT` of the entity the row is an instance of, when it is a subentity of the one
        /// whose statement read it (see ``ModelContext/completeSubentityRows(_:of:)``); else 0.
        var subentityNumber: Int64 = 0

        init(primaryKey: Int64, version: Int64, values: RowValues, subentityNumber: Int64 = 0) {
            self.primaryKey = primaryKey
            self.version = version
            self.values = values
            self.subentityNumber = subentityNumber
        }

        /// The values, moved out: the row holds none afterwards. A loop that makes each row's model
        /// and then drops the row hands its values over this way, so that the two do not each
        /// hold a reference to the values' storage for a moment (a retain and a release per row).
        mutating func takeValues() -> RowValues {
            var taken = RowValues([])
            swap(&taken, &values)
            return taken
        }

        /// The lowest and highest primary key of `rows`, nil for none.
        static func primaryKeys(of rows: [Row]) -> ClosedRange<Int64>? {
            guard var lowest = rows.first?.primaryKey else { return nil }
            var highest = lowest
            for row in rows {
                lowest = min(lowest, row.primaryKey)
                highest = max(highest, row.primaryKey)
            }
            return lowest...highest
        }
    }

    /// The `Z_ENT` of the current row of a `select` statement of an entity with subentities: the
    /// entity the row is an instance of.
    func entityNumber(of statement: SQLiteStatement) -> Int64 {
        statement.int64(Int32(attributeTypes.count) + 2)
    }

    /// Reads the current row of a `select` statement; `reader` keeps the values of a statement's
    /// rows together (`FastPaths/RowValues.swift`): read each statement's rows with one reader.
    func row(of statement: SQLiteStatement, reader: inout RowValues.Reader) -> Row {
        let types = attributeTypes
        return Row(primaryKey: statement.int64(0), version: statement.int64(1),
                   values: reader.read { statement.columnValue(Int32($0) + 2, as: types[$0]) })
    }

    /// A reader for the rows of one statement that returns many (see ``row(of:reader:)``).
    func rowReader() -> RowValues.Reader {
        RowValues.Reader(width: attributeTypes.count)
    }

    /// Reads the current row of a statement that returns one: its values get a buffer of their own.
    func row(of statement: SQLiteStatement) -> Row {
        var reader = RowValues.Reader(width: attributeTypes.count, rowsPerBuffer: 1)
        return row(of: statement, reader: &reader)
    }

    /// The identifier of the row `primaryKey`.
    func identifier(primaryKey: Int64) -> PersistentIdentifier {
        PersistentIdentifier(scope: scope, storage: .permanent(primaryKey: primaryKey))
    }

    /// Reads the row with `primaryKey`, or nil when it does not exist.
    func row(primaryKey: Int64, in connection: SQLiteConnection) throws(ModelError) -> Row? {
        let statement = try connection.cachedStatement(selectByPrimaryKey)
        try statement.bind(.integer(primaryKey), at: 1)
        guard try statement.step() else { return nil }
        let row = row(of: statement)
        statement.reset()  // the one row is read: end the read, so no snapshot is kept
        return row
    }
}
