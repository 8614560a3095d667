import Foundation

/// What a store file holds, read without opening it as a store: for `lab inspect` and for
/// learners who want to see Core Data's layout without a SQLite browser.
public struct StoreInspection: Sendable, Codable, Hashable {
    /// One table of the file.
    public struct Table: Sendable, Codable, Hashable {
        public let name: String
        /// Column names and declared types, in order.
        public let columns: [Column]
        public let rowCount: Int
        /// For entity tables: the `Z_PK` and `Z_OPT` (version) of the most recent rows, newest first.
        public let latestVersions: [RowVersion]
    }

    public struct Column: Sendable, Codable, Hashable {
        public let name: String
        public let type: String
    }

    public struct RowVersion: Sendable, Codable, Hashable {
        public let primaryKey: Int64
        public let version: Int64
    }

    /// The file inspected.
    public let url: URL
    /// Its size in bytes (the main file; the WAL is separate).
    public let fileSize: Int
    /// SQLite's journal mode (`wal` for our stores).
    public let journalMode: String
    /// `Z_METADATA.Z_UUID`, when the file is a store of this library.
    public let storeIdentifier: UUID?
    /// The entities named in `Z_METADATA`, when the file is a store of this library.
    public let entities: [EntitySchema]
    /// Every table, by name.
    public let tables: [Table]

    /// Reads the file at `url` read-only.
    ///
    /// - Throws: the typed errors of opening a store (``ModelError/storeCorrupted(_:underlying:)``,
    ///   ``ModelError/storeUnreadable(_:underlying:)``); the file is never written.
    public static func inspect(_ url: URL, latestRows: Int = 3) throws -> StoreInspection {
        try StoreFileValidator.validate(url)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ModelError.storeUnreadable(url, underlying: "there is no file there")
        }
        do {
            let connection = try SQLiteConnection(path: "file:\(url.path)?mode=ro", readOnly: true, create: false)
            try StoreFileValidator.checkIntegrity(connection, url: url)
            return try read(connection, url: url, latestRows: latestRows)
        } catch {
            throw error.explained(for: url, opening: true)
        }
    }

    private static func read(_ connection: SQLiteConnection, url: URL, latestRows: Int) throws(ModelError) -> StoreInspection {
        func text(_ value: SQLiteValue?) -> String {
            if case .text(let text)? = value { text } else { "" }
        }
        let names = try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { text($0.first) }
        var tables: [Table] = []
        for name in names {
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let columns = try connection.rows("SELECT name, type FROM pragma_table_info(?)", [.text(name)])
                .map { Column(name: text($0[0]), type: text($0[1])) }
            let count = try connection.rows("SELECT COUNT(*) FROM \(quoted)")
            var versions: [RowVersion] = []
            if columns.contains(where: { $0.name == "Z_PK" }) && columns.contains(where: { $0.name == "Z_OPT" }) {
                versions = try connection.rows("SELECT Z_PK, Z_OPT FROM \(quoted) ORDER BY Z_PK DESC LIMIT ?", [.integer(Int64(latestRows))])
                    .compactMap { row in
                        guard case .integer(let key) = row[0], case .integer(let version) = row[1] else { return nil }
                        return RowVersion(primaryKey: key, version: version)
                    }
            }
            let rowCount: Int = if case .integer(let value)? = count.first?.first { Int(value) } else { 0 }
            tables.append(Table(name: name, columns: columns, rowCount: rowCount, latestVersions: versions))
        }
        var storeIdentifier: UUID?
        var entities: [EntitySchema] = []
        if names.contains("Z_METADATA"), let row = try connection.rows("SELECT Z_UUID, Z_PLIST FROM Z_METADATA").first {
            storeIdentifier = UUID(uuidString: text(row[0]))
            if case .blob(let plist) = row[1], let metadata = try? PropertyListDecoder().decode(StoreSchema.Metadata.self, from: plist) {
                entities = metadata.entities
            }
        }
        let mode = text(try connection.rows("PRAGMA journal_mode").first?.first)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return StoreInspection(url: url, fileSize: size, journalMode: mode, storeIdentifier: storeIdentifier,
                               entities: entities, tables: tables)
    }
}
