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
        // Each #Unique and #Index list names only properties with a column, or this throws.
        let constraintIndexes = try schema.entities.map { (entity) throws(ModelError) in try constraintIndexesSQL(entity, in: schema) }
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
            // The tables first: a subentity's rows go in its root's table, which has its columns.
            for entity in schema.entities where entity.inheritance == nil {
                try connection.execute(createTableSQL(entity, in: schema))
            }
            for (offset, entity) in schema.entities.enumerated() {
                for attribute in entity.ownAttributes where attribute.isUnique {
                    try connection.execute(createUniqueIndexSQL(attribute, of: entity, in: schema))
                }
                for statement in constraintIndexes[offset] {
                    try connection.execute(statement)
                }
                for statement in relationshipSQL(entity, in: schema) {
                    try connection.execute(statement)
                }
                let superentity = entity.superentityName.flatMap { schema.entityNumber(of: $0) } ?? 0
                try connection.run("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?1, ?2, ?3, 0)",
                                   [.integer(Int64(offset + 1)), .text(entity.name), .integer(Int64(superentity))])
            }
            let metadata = Metadata(storeUUID: storeIdentifier.uuidString, entities: schema.entities)
            try connection.run("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?1, ?2)",
                               [.text(storeIdentifier.uuidString), .blob(try encode(metadata))])
        }
        return storeIdentifier
    }

    /// `CREATE TABLE ZITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTIMESTAMP TIMESTAMP NOT NULL, …)`,
    /// with a `Z<NAME> INTEGER` column per to-one relationship after the attributes.
    ///
    /// A root entity's table also has the columns its subentities declare, after its own, as
    /// Core Data stores a hierarchy in one table; they may be null, since other entities' rows
    /// have no value for them.
    static func createTableSQL(_ entity: EntitySchema, in schema: Schema) -> String {
        func columns(of entity: EntitySchema, required: Bool) -> [String] {
            entity.ownAttributes.map { "\($0.columnName) \($0.type.sqliteColumnType)\($0.isOptional || !required ? "" : " NOT NULL")" }
                + entity.relationships.indices.filter { !entity.relationships[$0].isToMany && entity.declaresRelationship($0) }
                    .map { "\(entity.relationships[$0].columnName) INTEGER" }
        }
        let columns = ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
            + columns(of: entity, required: true)
            + schema.subentities(of: entity.name).flatMap { columns(of: $0, required: false) }
        return "CREATE TABLE \(entity.tableName) (\(columns.joined(separator: ", ")))"
    }

    /// The statements that replace `entity`'s empty table with one of its current shape: the
    /// table, its unique and `#Unique`/`#Index` indexes, and its to-one columns' indexes (its join
    /// tables stay, empty too for want of rows).
    static func recreateEmptyTableSQL(_ entity: EntitySchema, in schema: Schema) throws(ModelError) -> [String] {
        ["DROP TABLE \(entity.tableName)", createTableSQL(entity, in: schema)]
            + entity.ownAttributes.filter(\.isUnique).map { createUniqueIndexSQL($0, of: entity, in: schema) }
            + (try constraintIndexesSQL(entity, in: schema)) + toOneIndexSQL(entity)
    }

    /// ` WHERE Z_ENT IN (2, 3)` for an index of a subentity (its table holds other entities'
    /// rows, which its constraints do not concern); nothing for any other entity.
    static func kindCondition(of entity: EntitySchema, in schema: Schema) -> String {
        guard entity.inheritance != nil else { return "" }
        return " WHERE Z_ENT IN (\(schema.entityNumbers(ofKind: entity.name).map(String.init).joined(separator: ", ")))"
    }

    /// An index on each to-one column, as Core Data makes (`ZSTOP_ZTRIP_INDEX`), so that a to-many
    /// relationship reads its members without a scan; and the join tables this entity writes.
    static func relationshipSQL(_ entity: EntitySchema, in schema: Schema) -> [String] {
        // Inherited relationships' columns, indexes and join tables are their declaring entity's.
        let joinTables = entity.relationships.indices.filter { entity.declaresRelationship($0) }.flatMap { index in
            RelationshipSQL(entity.relationships[index], index: index, of: entity, in: schema).createJoinTableSQL ?? []
        }
        return toOneIndexSQL(entity) + joinTables
    }

    /// The index on each to-one column `entity` declares.
    private static func toOneIndexSQL(_ entity: EntitySchema) -> [String] {
        entity.relationships.indices.filter { entity.declaresRelationship($0) && !entity.relationships[$0].isToMany }.map {
            let column = entity.relationships[$0].columnName
            return "CREATE INDEX \(entity.tableName)_\(column)_INDEX ON \(entity.tableName) (\(column))"
        }
    }

    /// `Z_ITEM_UNIQUE_ID`: the unique index of a unique attribute.
    static func uniqueIndexName(_ attribute: AttributeSchema, of entity: EntitySchema) -> String {
        "Z_\(entity.name.uppercased())_UNIQUE_\(attribute.name.uppercased())"
    }

    /// `CREATE UNIQUE INDEX Z_ITEM_UNIQUE_ID ON ZITEM (ZID)`; over the entity's own rows only for
    /// a subentity (``kindCondition(of:in:)``).
    static func createUniqueIndexSQL(_ attribute: AttributeSchema, of entity: EntitySchema, in schema: Schema) -> String {
        "CREATE UNIQUE INDEX \(uniqueIndexName(attribute, of: entity)) ON \(entity.tableName) (\(attribute.columnName))"
            + kindCondition(of: entity, in: schema)
    }

    // MARK: #Unique and #Index

    /// The columns of the properties a `#Unique` or `#Index` list names, in its order.
    ///
    /// - Throws: ``ModelError/invalidProperty(entity:property:reason:)`` for a name that is not an
    ///   attribute or a to-one relationship (a to-many relationship has no column to index).
    static func columns(of names: [String], in entity: EntitySchema, listedBy macro: String) throws(ModelError) -> [String] {
        var columns: [String] = []
        for name in names {
            if let attribute = entity.attributes.first(where: { $0.name == name }) {
                columns.append(attribute.columnName)
            } else if let relationship = entity.relationships.first(where: { $0.name == name && !$0.isToMany }) {
                columns.append(relationship.columnName)
            } else {
                throw .invalidProperty(entity: entity.name, property: name,
                                       reason: "is listed by \(macro), but is not an attribute or a to-one relationship of \(entity.name)")
            }
        }
        return columns
    }

    /// `Z_PERSON_CONSTRAINT_GIVENNAME_FAMILYNAME` for `#Unique`, `Z_PERSON_BY_NAME_AGE` for
    /// `#Index`: names that no attribute's own unique index (`Z_PERSON_UNIQUE_…`) can take.
    static func constraintIndexName(_ names: [String], of entity: EntitySchema, unique: Bool) -> String {
        "Z_\(entity.name.uppercased())_\(unique ? "CONSTRAINT" : "BY")_" + names.map { $0.uppercased() }.joined(separator: "_")
    }

    /// `CREATE UNIQUE INDEX …` for each of the entity's uniqueness constraints, then `CREATE INDEX …`
    /// for each of its indices.
    static func constraintIndexesSQL(_ entity: EntitySchema, in schema: Schema) throws(ModelError) -> [String] {
        try constraintIndexSQL(entity.uniquenessConstraints, of: entity, unique: true, in: schema)
            + constraintIndexSQL(entity.indices, of: entity, unique: false, in: schema)
    }

    /// The `CREATE INDEX` of each list in `lists`, unique or not; over the entity's own rows only
    /// for a subentity (``kindCondition(of:in:)``).
    static func constraintIndexSQL(_ lists: [[String]], of entity: EntitySchema, unique: Bool, in schema: Schema) throws(ModelError) -> [String] {
        var statements: [String] = []
        for names in lists {
            let columns = try columns(of: names, in: entity, listedBy: unique ? "#Unique" : "#Index")
            statements.append("CREATE \(unique ? "UNIQUE " : "")INDEX \(constraintIndexName(names, of: entity, unique: unique)) ON \(entity.tableName) (\(columns.joined(separator: ", ")))"
                + kindCondition(of: entity, in: schema))
        }
        return statements
    }

    /// Reads the stored model; when it differs from `schema`, migrates the store if `rules` and
    /// ``LightweightMigration`` allow, in one transaction, or names the differences.
    private static func verify(_ schema: Schema, in connection: SQLiteConnection, rules: MigrationRules) throws(ModelError) -> UUID {
        guard let (storeIdentifier, metadata) = try storedMetadata(in: connection) else {
            throw .schemaMismatch("Z_METADATA does not hold a readable store UUID and model")
        }
        let differences = differences(stored: metadata.entities, current: schema.entities)
        if differences.isEmpty { return storeIdentifier }

        if let versions = rules.planVersions,
           !versions.contains(where: { Self.differences(stored: metadata.entities, current: $0.entities).isEmpty }) {
            throw .schemaMismatch(differences.joined(separator: "; ") + ". The store matches none of the migration plan's versions ("
                + versions.map(\.version.description).joined(separator: ", ") + ")")
        }
        var emptyTables: Set<String> = []
        for table in Set(metadata.entities.map(\.tableName)) where try connection.rows("SELECT 1 FROM \(table) LIMIT 1").isEmpty {
            emptyTables.insert(table)
        }
        let migration = try LightweightMigration.plan(from: metadata.entities, to: schema, emptyTables: emptyTables)
        guard rules.allowsSave else {
            throw .migrationFailed("the store holds an older model (" + differences.joined(separator: "; ") + "), and a container with allowsSave: false may not write the migration")
        }
        var migrated = metadata
        migrated.entities = schema.entities
        let encoded = try encode(migrated)
        do throws(ModelError) {
            try connection.transaction { () throws(ModelError) in
                for statement in migration.statements { try connection.execute(statement) }
                try connection.run("UPDATE Z_METADATA SET Z_PLIST = ?1 WHERE Z_VERSION = 1", [.blob(encoded)])
            }
        } catch .sqlite(_, let message, _) where message.contains(EntitySchema.uniqueFailure) {
            // A unique index the new model adds cannot be built over rows that already repeat a value.
            throw .migrationFailed("the store holds \(repeated(message, in: schema)), which the model makes unique (@Attribute(.unique) or #Unique), so the migration cannot add the constraint. Remove the duplicates with the older model first")
        }
        return storeIdentifier
    }

    /// The model the store at `path` was made for; nil for a file that is not a store yet.
    static func storedEntities(atPath path: String, busyTimeout: Duration) throws(ModelError) -> [EntitySchema]? {
        let connection = try SQLiteConnection(path: path, readOnly: true, create: false)
        connection.setBusyTimeout(busyTimeout)
        guard try !connection.rows("SELECT 1 FROM sqlite_master WHERE name = 'Z_METADATA'").isEmpty else { return nil }
        return try storedMetadata(in: connection)?.metadata.entities
    }

    /// `Z_METADATA`'s store UUID and model; nil when either is missing or unreadable.
    private static func storedMetadata(in connection: SQLiteConnection) throws(ModelError) -> (storeIdentifier: UUID, metadata: Metadata)? {
        let rows = try connection.rows("SELECT Z_UUID, Z_PLIST FROM Z_METADATA WHERE Z_VERSION = 1")
        guard let row = rows.first, case .text(let uuidText) = row[0], let storeIdentifier = UUID(uuidString: uuidText),
              case .blob(let plist) = row[1],
              let metadata = try? PropertyListDecoder().decode(Metadata.self, from: plist)
        else { return nil }
        return (storeIdentifier, metadata)
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
            for (kind, now, was) in [("unique constraints", entity.uniquenessConstraints, old.uniquenessConstraints),
                                     ("indices", entity.indices, old.indices)] where Set(now) != Set(was) {
                func list(_ lists: [[String]]) -> String {
                    lists.isEmpty ? "none" : lists.map { "(" + $0.joined(separator: ", ") + ")" }.joined(separator: ", ")
                }
                differences.append("\(entity.name)'s \(kind) are \(list(now)) in the model but \(list(was)) in the store")
            }
            if old.superentityName != entity.superentityName {
                differences.append("\(entity.name)'s superentity is \(entity.superentityName ?? "none") in the model but \(old.superentityName ?? "none") in the store")
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

    /// "Contact rows that repeat the same givenName, familyName", read from SQLite's
    /// `UNIQUE constraint failed: ZCONTACT.ZGIVENNAME, ZCONTACT.ZFAMILYNAME`.
    private static func repeated(_ message: String, in schema: Schema) -> String {
        guard let entity = schema.entities.first(where: { message.contains(EntitySchema.uniqueFailure + $0.tableName + ".") }),
              let names = entity.uniqueConstraintProperties(in: message)
        else { return "rows that repeat a value (\(message))" }
        return "\(entity.name) rows that repeat the same \(names.joined(separator: ", "))"
    }

    private static func encode(_ metadata: Metadata) throws(ModelError) -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        do { return try encoder.encode(metadata) } catch {
            throw .schemaMismatch("the model could not be encoded for Z_METADATA: \(error)")
        }
    }
}

extension EntitySchema {
    /// How SQLite begins the message of a broken unique index; the index's columns follow.
    static let uniqueFailure = "UNIQUE constraint failed: "

    /// The properties (attributes or to-one relationships) whose columns SQLite lists in
    /// `UNIQUE constraint failed: ZPERSON.ZGIVENNAME, ZPERSON.ZFAMILYNAME`, in its order; nil when
    /// a column is not one of this entity's.
    func uniqueConstraintProperties(in message: String) -> [String]? {
        guard let start = message.range(of: Self.uniqueFailure) else { return nil }
        var names: [String] = []
        for column in message[start.upperBound...].split(separator: ", ") {
            let qualified = { (name: String) in "\(self.tableName).\(name)" == column }
            guard let name = attributes.first(where: { qualified($0.columnName) })?.name
                    ?? relationships.first(where: { !$0.isToMany && qualified($0.columnName) })?.name
            else { return nil }
            names.append(name)
        }
        return names.isEmpty ? nil : names
    }
}
