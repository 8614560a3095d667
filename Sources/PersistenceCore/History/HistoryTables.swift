import Foundation

/// Where a file store keeps its history: three tables beside the entities', named and shaped as
/// Core Data's persistent history names them, so `lab inspect` shows what Core Data would write.
///
/// - `ATRANSACTION`: one row per commit. `Z_PK` is the token; `AUTOINCREMENT`, so a number is
///   never given twice, not even after the newest transactions are deleted.
/// - `ACHANGE`: one row per inserted, updated or deleted row. `ZCHANGETYPE` is Core Data's
///   `NSPersistentHistoryChangeType` (0 insert, 1 update, 2 delete); `ZENTITY` and `ZENTITYPK`
///   name the row; `ZCOLUMNS` the properties an update changed; `ZTOMBSTONE` a deletion's kept
///   values. `ZROWCOUNT`, not Core Data's, lets one insertion row stand for a run of consecutive
///   new rows (`FastPaths/HistoryInsertionRuns.swift`); NULL means one.
/// - `ATRANSACTIONSTRING`: the authors and process names, each kept once.
///
/// The rows are written in the same SQLite transaction as the changes they describe, so a crash
/// leaves both or neither. In-memory stores keep no history.
enum HistoryTables {
    static let createSQL = """
        CREATE TABLE IF NOT EXISTS ATRANSACTIONSTRING (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR NOT NULL UNIQUE);
        CREATE TABLE IF NOT EXISTS ATRANSACTION (Z_PK INTEGER PRIMARY KEY AUTOINCREMENT, ZAUTHORTS INTEGER,
            ZPROCESSIDTS INTEGER, ZTIMESTAMP TIMESTAMP NOT NULL);
        CREATE TABLE IF NOT EXISTS ACHANGE (Z_PK INTEGER PRIMARY KEY, ZCHANGETYPE INTEGER NOT NULL,
            ZENTITY INTEGER NOT NULL, ZENTITYPK INTEGER NOT NULL, ZTRANSACTIONID INTEGER NOT NULL,
            ZCOLUMNS VARCHAR, ZTOMBSTONE BLOB, ZROWCOUNT INTEGER);
        CREATE INDEX IF NOT EXISTS ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID);
        """

    /// The history tables' names, which no entity table can take (entity tables start with `Z`).
    static let names: Set<String> = ["ATRANSACTION", "ACHANGE", "ATRANSACTIONSTRING"]

    /// Core Data's change types, as `ZCHANGETYPE` stores them.
    enum ChangeType: Int64 {
        case insert = 0, update = 1, delete = 2
    }

    /// The newest transaction's token value, 0 when history is empty.
    static func newestToken(in connection: SQLiteConnection) throws(ModelError) -> Int64 {
        guard case .integer(let newest)? = try connection.rows("SELECT max(Z_PK) FROM ATRANSACTION").first?.first else { return 0 }
        return newest
    }

    /// The process's name in `ZPROCESSIDTS`: its executable and process ID, as Core Data records
    /// the process that committed.
    static let processName = "\(ProcessInfo.processInfo.processName) (\(ProcessInfo.processInfo.processIdentifier))"
}

/// Writes one commit's history transaction; made inside the write transaction, before or after
/// the rows change (SQLite commits both at once).
struct HistoryWriter {
    /// The new transaction's `Z_PK`: its token.
    let transaction: Int64
    private let insertChange: SQLiteStatement
    /// The insertions' own statement (`FastPaths/HistoryInsertionRuns.swift`).
    let insertInsertions: SQLiteStatement

    /// Starts the transaction's row.
    init(author: String?, in connection: SQLiteConnection) throws(ModelError) {
        let authorKey = try author.map { (author) throws(ModelError) in try Self.intern(author, in: connection) }
        let processKey = try Self.intern(HistoryTables.processName, in: connection)
        let insert = try connection.cachedStatement("INSERT INTO ATRANSACTION (ZAUTHORTS, ZPROCESSIDTS, ZTIMESTAMP) VALUES (?1, ?2, ?3)")
        try insert.bind([authorKey.map(SQLiteValue.integer) ?? .null, .integer(processKey),
                         .real(Date().timeIntervalSinceReferenceDate)])
        while try insert.step() {}
        transaction = connection.lastInsertedRowID
        insertChange = try connection.cachedStatement(
            "INSERT INTO ACHANGE (ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS, ZTOMBSTONE) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        insertInsertions = try connection.cachedStatement(
            "INSERT INTO ACHANGE (ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZROWCOUNT) VALUES (\(HistoryTables.ChangeType.insert.rawValue), ?1, ?2, ?3, ?4)")
    }

    /// Records that the row was updated, and which properties changed (by name).
    func updated(entity: Int64, primaryKey: Int64, properties: [String]) throws(ModelError) {
        try record(.update, entity: entity, primaryKey: primaryKey,
                   columns: .text(properties.joined(separator: ",")), tombstone: .null)
    }

    /// Records that the row was deleted, with what it kept of its values.
    func deleted(entity: Int64, primaryKey: Int64, tombstone: Data?) throws(ModelError) {
        try record(.delete, entity: entity, primaryKey: primaryKey, columns: .null, tombstone: tombstone.map(SQLiteValue.blob) ?? .null)
    }

    private func record(_ type: HistoryTables.ChangeType, entity: Int64, primaryKey: Int64,
                        columns: SQLiteValue, tombstone: SQLiteValue) throws(ModelError) {
        insertChange.reset()
        try insertChange.bind(.integer(type.rawValue), at: 1)
        try insertChange.bind(.integer(entity), at: 2)
        try insertChange.bind(.integer(primaryKey), at: 3)
        try insertChange.bind(.integer(transaction), at: 4)
        try insertChange.bind(columns, at: 5)
        try insertChange.bind(tombstone, at: 6)
        while try insertChange.step() {}
    }

    /// The `Z_PK` of `name` in `ATRANSACTIONSTRING`, adding it the first time.
    private static func intern(_ name: String, in connection: SQLiteConnection) throws(ModelError) -> Int64 {
        try connection.run("INSERT OR IGNORE INTO ATRANSACTIONSTRING (ZNAME) VALUES (?1)", [.text(name)])
        guard case .integer(let key)? = try connection.rows("SELECT Z_PK FROM ATRANSACTIONSTRING WHERE ZNAME = ?1", [.text(name)]).first?.first
        else { throw .constraintFailed("ATRANSACTIONSTRING lost the name \(name)") }
        return key
    }
}

/// One kept value of a tombstone, in the form the store keeps it, with the attribute's type so
/// that it reads back as its Swift type.
struct HistoryTombstoneValue: Codable, Sendable {
    let type: AttributeType
    let integer: Int64?
    let real: Double?
    let text: String?
    let blob: Data?

    init(_ value: SQLiteValue, type: AttributeType) {
        self.type = type
        switch value {
        case .integer(let value): (integer, real, text, blob) = (value, nil, nil, nil)
        case .real(let value): (integer, real, text, blob) = (nil, value, nil, nil)
        case .text(let value): (integer, real, text, blob) = (nil, nil, value, nil)
        case .blob(let value): (integer, real, text, blob) = (nil, nil, nil, value)
        case .uuid(let value): (integer, real, text, blob) = (nil, nil, nil, value.bytes)
        case .null: (integer, real, text, blob) = (nil, nil, nil, nil)
        }
    }

    var sqliteValue: SQLiteValue {
        if let integer { return .integer(integer) }
        if let real { return .real(real) }
        if let text { return .text(text) }
        if let blob { return .blob(blob) }
        return .null
    }

    /// The value as its Swift type; an enum or `Codable` attribute as its stored form.
    var swiftValue: (any Sendable)? {
        let value = sqliteValue
        if case .null = value { return nil }
        return switch type {
        case .bool: Bool(sqliteValue: value)
        case .int: Int(sqliteValue: value)
        case .int64: Int64(sqliteValue: value)
        case .double: Double(sqliteValue: value)
        case .string: String(sqliteValue: value)
        case .date: Date(sqliteValue: value)
        case .uuid: UUID(sqliteValue: value)
        case .data: Data(sqliteValue: value)
        case .url: URL(sqliteValue: value)
        case .codable: integer ?? real.map { $0 as any Sendable } ?? text ?? blob
        }
    }

    /// Encodes the kept values of a row of `entity`: those of its `.preserveValueOnDeletion`
    /// attributes; nil when it keeps none.
    static func tombstone(of values: RowValues, entity: EntitySchema) -> Data? {
        var kept: [String: HistoryTombstoneValue] = [:]
        for (index, attribute) in entity.attributes.enumerated() where attribute.preservesValueOnDeletion {
            kept[attribute.name] = HistoryTombstoneValue(values[index], type: attribute.type)
        }
        guard !kept.isEmpty else { return nil }
        return try? PropertyListEncoder().encode(kept)
    }

    /// Reads what ``tombstone(of:entity:)`` wrote; empty for nil or an unreadable blob.
    static func values(in blob: SQLiteValue) -> [String: HistoryTombstoneValue] {
        guard case .blob(let data) = blob else { return [:] }
        return (try? PropertyListDecoder().decode([String: HistoryTombstoneValue].self, from: data)) ?? [:]
    }
}
