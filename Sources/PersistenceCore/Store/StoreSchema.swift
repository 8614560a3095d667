import Foundation

/// Creates Core Data's table layout for a schema, or checks that an existing store has it.
///
/// The layout: `Z_PRIMARYKEY` (one row per entity, `Z_MAX` the last primary key handed out),
/// `Z_METADATA` (the store UUID, and the model in a property list), and per entity a table
/// `Z<ENTITY>` with `Z_PK`, `Z_ENT`, `Z_OPT`, a `Z<ATTRIBUTE>` column per attribute and a
/// `Z<RELATIONSHIP>` column per to-one relationship; a join table per many-to-many pair.
enum StoreSchema {
    /// What `Z_METADATA.Z_PLIST` holds, as a binary property list.
    struct Metadata: Codable {
        var storeUUID: String
        var storeType = "SQLite"
        var entities: [EntitySchema]

        enum CodingKeys: String, CodingKey {
            case storeUUID = "NSStoreUUID"
            case storeType = "NSStoreType"
            case entities = "LabEntities"
        }
    }

    /// What a store made for another model may do when it is opened.
    struct MigrationRules: Sendable {
        /// The versions of a migration plan; nil without a plan (SwiftData then migrates by
        /// itself where it can, as here).
        var planVersions: [Schema]? = nil
        /// Whether the store may be written (``ModelConfiguration/allowsSave``).
        var allowsSave = true
    }

    /// Installs the schema in an empty database, or verifies an existing one and migrates it
    /// where ``LightweightMigration`` can; returns the store UUID.
    static func install(_ schema: Schema, in connection: SQLiteConnection, url: URL?,
                        rules: MigrationRules = MigrationRules()) throws(ModelError) -> UUID {
        for entity in schema.entities where entity.storedValueCount > AttributeMask.maximumAttributes || entity.relationships.count > AttributeMask.maximumAttributes {
            throw .schemaMismatch("\(entity.name) has \(entity.storedValueCount) attributes and to-one relationships, and \(entity.relationships.count) relationships; at most \(AttributeMask.maximumAttributes) of each are supported")
        }
        let tables = try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table'")
            .compactMap { row -> String? in if case .text(let name)? = row.first { name } else { nil } }
        if tables.contains("Z_METADATA") {
            return try verify(schema, in: connection, rules: rules)
        }
        guard tables.isEmpty else {
            throw .schemaMismatch("the file is a SQLite database but not a store of this library (it has the tables \(tables.sorted().joined(separator: ", ")) and no Z_METADATA)")
        }
        let storeIdentifier = UUID()
        try connection.transaction { () throws(ModelError) in
            try connection.execute("""
                CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
                """)
            for (offset, entity) in schema.entities.enumerated() {
                try connection.execute(createTableSQL(entity))
                for attribute in entity.attributes where attribute.isUnique {
                    try connection.execute(createUniqueIndexSQL(attribute, of: entity))
                }
                for statement in relationshipSQL(entity, in: schema) {
                    try connection.execute(statement)
                }
                try connection.run("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?1, ?2, 0, 0)",
                                   [.integer(Int64(offset + 1)), .text(entity.name)])
            }
            let metadata = Metadata(storeUUID: storeIdentifier.uuidString, entities: schema.entities)
            try connection.run("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?1, ?2)",
                               [.text(storeIdentifier.uuidString), .blob(try encode(metadata))])
        }
        return storeIdentifier
    }

    /// `CREATE TABLE ZITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTIMESTAMP TIMESTAMP NOT NULL, …)`,
    /// with a `Z<NAME> INTEGER` column per to-one relationship after the attributes.
    static func createTableSQL(_ entity: EntitySchema) -> String {
        let columns = ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
            + entity.attributes.map { "\($0.columnName) \($0.type.sqliteColumnType)\($0.isOptional ? "" : " NOT NULL")" }
            + entity.relationships.filter { !$0.isToMany }.map { "\($0.columnName) INTEGER" }
        return "CREATE TABLE \(entity.tableName) (\(columns.joined(separator: ", ")))"
    }

    /// An index on each to-one column, as Core Data makes (`ZSTOP_ZTRIP_INDEX`), so that a to-many
    /// relationship reads its members without a scan; and the join tables this entity writes.
    static func relationshipSQL(_ entity: EntitySchema, in schema: Schema) -> [String] {
        let indexes = entity.relationships.filter { !$0.isToMany }.map {
            "CREATE INDEX \(entity.tableName)_\($0.columnName)_INDEX ON \(entity.tableName) (\($0.columnName))"
        }
        let joinTables = entity.relationships.enumerated().flatMap { index, relationship in
            RelationshipSQL(relationship, index: index, of: entity, in: schema).createJoinTableSQL ?? []
        }
        return indexes + joinTables
    }

    /// `Z_ITEM_UNIQUE_ID`: the unique index of a unique attribute.
    static func uniqueIndexName(_ attribute: AttributeSchema, of entity: EntitySchema) -> String {
        "Z_\(entity.name.uppercased())_UNIQUE_\(attribute.name.uppercased())"
    }

    /// `CREATE UNIQUE INDEX Z_ITEM_UNIQUE_ID ON ZITEM (ZID)`.
    static func createUniqueIndexSQL(_ attribute: AttributeSchema, of entity: EntitySchema) -> String {
        "CREATE UNIQUE INDEX \(uniqueIndexName(attribute, of: entity)) ON \(entity.tableName) (\(attribute.columnName))"
    }

    /// Reads the stored model; when it differs from `schema`, migrates the store if `rules` and
    /// ``LightweightMigration`` allow, in one transaction, or names the differences.
    private static func verify(_ schema: Schema, in connection: SQLiteConnection, rules: MigrationRules) throws(ModelError) -> UUID {
        let rows = try connection.rows("SELECT Z_UUID, Z_PLIST FROM Z_METADATA WHERE Z_VERSION = 1")
        guard let row = rows.first, case .text(let uuidText) = row[0], let storeIdentifier = UUID(uuidString: uuidText),
              case .blob(let plist) = row[1],
              let metadata = try? PropertyListDecoder().decode(Metadata.self, from: plist)
        else { throw .schemaMismatch("Z_METADATA does not hold a readable store UUID and model") }
        let differences = differences(stored: metadata.entities, current: schema.entities)
        if differences.isEmpty { return storeIdentifier }

        if let versions = rules.planVersions,
           !versions.contains(where: { Self.differences(stored: metadata.entities, current: $0.entities).isEmpty }) {
            throw .schemaMismatch(differences.joined(separator: "; ") + ". The store matches none of the migration plan's versions ("
                + versions.map(\.version.description).joined(separator: ", ") + ")")
        }
        let migration = try LightweightMigration.plan(from: metadata.entities, to: schema)
        guard rules.allowsSave else {
            throw .migrationFailed("the store holds an older model (" + differences.joined(separator: "; ") + "), and a container with allowsSave: false may not write the migration")
        }
        var migrated = metadata
        migrated.entities = schema.entities
        let encoded = try encode(migrated)
        try connection.transaction { () throws(ModelError) in
            for statement in migration.statements { try connection.execute(statement) }
            try connection.run("UPDATE Z_METADATA SET Z_PLIST = ?1 WHERE Z_VERSION = 1", [.blob(encoded)])
        }
        return storeIdentifier
    }

    /// Human-readable differences between the model a store was made for and the current one.
    static func differences(stored: [EntitySchema], current: [EntitySchema]) -> [String] {
        var differences: [String] = []
        let storedByName = Dictionary(stored.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let currentNames = Set(current.map(\.name))
        for entity in current {
            guard let old = storedByName[entity.name] else {
                differences.append("entity \(entity.name) is in the model but not in the store")
                continue
            }
            let oldAttributes = Dictionary(old.attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for attribute in entity.attributes {
                if let was = oldAttributes[attribute.name] {
                    if was.summary != attribute.summary {
                        differences.append("\(entity.name).\(attribute.name) is \(attribute.summary) in the model but \(was.summary) in the store")
                    }
                } else {
                    differences.append("\(entity.name).\(attribute.name) is in the model but not in the store")
                }
            }
            for attribute in old.attributes where !entity.attributes.contains(where: { $0.name == attribute.name }) {
                differences.append("\(entity.name).\(attribute.name) is in the store but not in the model")
            }
            // By name, not position: a relationship's column and join table are named, not numbered.
            if old.relationships.map(\.summary).sorted() != entity.relationships.map(\.summary).sorted() {
                let was = old.relationships.isEmpty ? "none" : old.relationships.map(\.summary).joined(separator: "; ")
                let now = entity.relationships.isEmpty ? "none" : entity.relationships.map(\.summary).joined(separator: "; ")
                differences.append("\(entity.name)'s relationships are \(now) in the model but \(was) in the store")
            }
            if differences.isEmpty, old.attributes.map(\.name) != entity.attributes.map(\.name) {
                differences.append("\(entity.name)'s attributes are in another order than in the store")
            }
        }
        for entity in stored where !currentNames.contains(entity.name) {
            differences.append("entity \(entity.name) is in the store but not in the model")
        }
        return differences
    }

    private static func encode(_ metadata: Metadata) throws(ModelError) -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        do { return try encoder.encode(metadata) } catch {
            throw .schemaMismatch("the model could not be encoded for Z_METADATA: \(error)")
        }
    }
}
