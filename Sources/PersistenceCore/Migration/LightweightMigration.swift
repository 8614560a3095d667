import Foundation

/// Moves a store made for an older model to the current one, keeping every row: Core Data's
/// inferred (lightweight) migration, which SwiftData runs by itself and for a plan's
/// `.lightweight` stages.
///
/// What it can do here: add an optional attribute (existing rows hold nil), remove an attribute,
/// rename one that says its `@Attribute(originalName:)`, make an attribute unique or not, add or
/// remove a `#Unique` constraint or an `#Index`, and reorder attributes. A model whose table holds
/// no rows (a custom stage's `willMigrate` may have emptied it) may also gain an attribute that
/// is not optional or change one's type: its table is made anew, since no row lacks a value.
/// Anything else (an added or removed model, a changed relationship) is not inferred here, and
/// the store is refused with ``ModelError/schemaMismatch(_:)``, untouched.
struct LightweightMigration {
    /// The SQL that changes the tables, in order.
    let statements: [String]

    /// The migration from the model a store holds to `current`; throws when one cannot be inferred.
    /// `emptyTables` names the tables that hold no row.
    static func plan(from stored: [EntitySchema], to current: Schema, emptyTables: Set<String> = []) throws(ModelError) -> LightweightMigration {
        let differences = StoreSchema.differences(stored: stored, current: current.entities)
        func refuse(_ reason: String) -> ModelError {
            .schemaMismatch(differences.joined(separator: "; ") + ". This is not a lightweight migration here: \(reason). Migrate the data yourself into a new store file")
        }
        guard Set(stored.map(\.name)) == Set(current.entities.map(\.name)) else {
            throw refuse("models were added or removed")
        }
        var statements: [String] = []
        for entity in current.entities {
            guard let old = stored.first(where: { $0.name == entity.name }) else { continue }
            guard old.relationships.map(\.summary).sorted() == entity.relationships.map(\.summary).sorted() else {
                throw refuse("\(entity.name)'s relationships changed")
            }
            guard old.inheritance?.ancestors == entity.inheritance?.ancestors else {
                throw refuse("\(entity.name)'s place in its inheritance hierarchy changed")
            }
            // An empty table of one entity is made anew, whatever its attributes became.
            if emptyTables.contains(entity.tableName), entity.inheritance == nil, current.subentities(of: entity.name).isEmpty,
               !attributesNeedNoRebuild(old, entity) {
                statements += try StoreSchema.recreateEmptyTableSQL(entity, in: current)
                continue
            }
            // Indexes on a list of columns go first (SQLite will not drop an indexed column) and come
            // back last, under the names the lists have now.
            for (unique, now, was) in [(true, entity.uniquenessConstraints, old.uniquenessConstraints), (false, entity.indices, old.indices)] {
                for names in was where !now.contains(names) {
                    statements.append("DROP INDEX IF EXISTS \(StoreSchema.constraintIndexName(names, of: old, unique: unique))")
                }
            }
            // A subentity's inherited attributes are its superentity's, migrated there.
            var oldByName = Dictionary(old.ownAttributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let newNames = Set(entity.ownAttributes.map(\.name))
            // A renamed attribute keeps its column (and its values) under the new name.
            for attribute in entity.ownAttributes where oldByName[attribute.name] == nil {
                guard let originalName = attribute.originalName, !newNames.contains(originalName),
                      let was = oldByName.removeValue(forKey: originalName) else { continue }
                if was.isUnique { statements.append("DROP INDEX IF EXISTS \(StoreSchema.uniqueIndexName(was, of: entity))") }
                statements.append("ALTER TABLE \(entity.tableName) RENAME COLUMN \(was.columnName) TO \(attribute.columnName)")
                oldByName[attribute.name] = AttributeSchema(name: attribute.name, type: was.type, isOptional: was.isOptional)
            }
            for removed in old.ownAttributes where oldByName[removed.name] != nil && !newNames.contains(removed.name) {
                if removed.isUnique { statements.append("DROP INDEX IF EXISTS \(StoreSchema.uniqueIndexName(removed, of: entity))") }
                statements.append("ALTER TABLE \(entity.tableName) DROP COLUMN \(removed.columnName)")
            }
            for attribute in entity.ownAttributes {
                if let was = oldByName[attribute.name] {
                    guard was.type == attribute.type, was.isOptional == attribute.isOptional else {
                        throw refuse("\(entity.name).\(attribute.name) changed its type")
                    }
                    if was.isUnique && !attribute.isUnique { statements.append("DROP INDEX IF EXISTS \(StoreSchema.uniqueIndexName(attribute, of: entity))") }
                    if !was.isUnique && attribute.isUnique { statements.append(StoreSchema.createUniqueIndexSQL(attribute, of: entity, in: current)) }
                } else {
                    // A new attribute that is not optional takes the value its declaration gives
                    // it, in every row already stored (SwiftData: "adding new required
                    // properties with default values" is lightweight).
                    let filled = attribute.isOptional ? nil : attribute.defaultValue.flatMap(Self.sqlLiteral)
                    guard attribute.isOptional || filled != nil else {
                        throw refuse("\(entity.name).\(attribute.name) is new and not optional, and its declaration gives no value, so the rows already stored would have none (give it one, as 'var \(attribute.name): \(attribute.type.rawValue) = …', or make it optional)")
                    }
                    statements.append("ALTER TABLE \(entity.tableName) ADD COLUMN \(attribute.columnName) \(attribute.type.sqliteColumnType)"
                        + (filled.map { " DEFAULT \($0)" } ?? ""))
                    if attribute.isUnique { statements.append(StoreSchema.createUniqueIndexSQL(attribute, of: entity, in: current)) }
                }
            }
            statements += try StoreSchema.constraintIndexSQL(entity.uniquenessConstraints.filter { !old.uniquenessConstraints.contains($0) }, of: entity, unique: true, in: current)
            statements += try StoreSchema.constraintIndexSQL(entity.indices.filter { !old.indices.contains($0) }, of: entity, unique: false, in: current)
        }
        return LightweightMigration(statements: statements)
    }

    /// Whether every attribute `old` had keeps its type, and every new one is optional or has a
    /// declared value: what altering the table in place can do.
    private static func attributesNeedNoRebuild(_ old: EntitySchema, _ entity: EntitySchema) -> Bool {
        let was = Dictionary(old.ownAttributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return entity.ownAttributes.allSatisfy { attribute in
            guard let before = was[attribute.name] ?? attribute.originalName.flatMap({ was[$0] }) else {
                return attribute.isOptional || attribute.defaultValue.flatMap(sqlLiteral) != nil
            }
            return before.type == attribute.type && before.isOptional == attribute.isOptional
        }
    }

    /// `value` written as an SQL literal, for a column's `DEFAULT`; nil for a NULL.
    static func sqlLiteral(_ value: SQLiteValue) -> String? {
        func hex(_ data: Data) -> String { "X'" + data.map { String(format: "%02X", $0) }.joined() + "'" }
        return switch value {
        case .null: nil
        case .integer(let number): String(number)
        case .real(let number): number.isFinite ? "\(number)" : nil
        case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data): hex(data)
        case .uuid(let uuid): hex(uuid.bytes)
        }
    }
}
