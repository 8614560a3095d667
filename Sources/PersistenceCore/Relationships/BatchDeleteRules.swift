import Foundation

/// What a batch delete does to relationships, in its own transaction, as Core Data's batch delete
/// does with the temporary SQL triggers it installs:
///
/// - `.cascade`: the related rows are deleted too, their own rules applied in turn;
/// - `.nullify`: a related row whose column points at a deleted row gets NULL there and its
///   version (`Z_OPT`) goes up, so a context that read it sees a conflict if it saves over it;
/// - `.noAction`: nothing; a related row may keep pointing at a row that is gone;
/// - `.deny`: refused before anything is written, whether or not related rows exist. Core Data
///   fails such a request with error 134060, "Delete rule is not supported for batch deletes".
///
/// The deleted rows' rows in the join tables of their own relationships are removed (a to-many
/// relationship with no inverse belongs to the other entity, and its join table keeps rows
/// naming a deleted row, as Core Data's does). No context hears of any of it unless it
/// merges the result (``ModelContainer/changes`` carries the cascaded deletions and nullified rows).
struct BatchDeleteRules {
    let store: SQLiteStore
    let connection: SQLiteConnection
    /// Rows deleted because of a cascade, by entity.
    private(set) var cascaded: [String: Set<Int64>] = [:]
    /// Rows whose column was set to NULL, by entity.
    private(set) var nullified: [String: Set<Int64>] = [:]
    /// For history: the relationships nullified in each row, and the tombstones of cascaded rows.
    private(set) var nullifiedRelationships: [String: [Int64: [String]]] = [:]
    private(set) var cascadedTombstones: [String: [Int64: Data]] = [:]

    /// Refuses a batch delete of `entity` if it, or an entity a cascade reaches, has a `.deny` rule.
    static func refuseDeny(_ entity: EntitySchema, store: SQLiteStore, seen: Set<String> = []) throws(ModelError) {
        guard !seen.contains(entity.name) else { return }
        for relationship in entity.relationships {
            if relationship.deleteRule == .deny {
                throw .invalidProperty(entity: entity.name, property: relationship.name,
                                       reason: "has the delete rule .deny, which batch deletes do not support (Core Data: error 134060, \"Delete rule is not supported for batch deletes\"); delete these models through a context")
            }
            if relationship.deleteRule == .cascade {
                try refuseDeny(try store.sql(for: relationship.destination).entity, store: store, seen: seen.union([entity.name]))
            }
        }
    }

    /// Applies the rules for rows `keys` of `entity`, before those rows are deleted (their
    /// columns are read first).
    mutating func apply(to keys: [Int64], of entity: EntitySQL) throws(ModelError) {
        guard !keys.isEmpty else { return }
        for relationship in entity.relationships {
            let destination = try store.sql(for: relationship.relationship.destination)
            switch relationship.relationship.deleteRule {
            case .cascade:
                let related = try relatedKeys(of: keys, through: relationship, in: entity)
                    .subtracting(cascaded[destination.entity.name] ?? [])
                guard !related.isEmpty else { break }
                cascaded[destination.entity.name, default: []].formUnion(related)
                if store.recordsHistory {
                    cascadedTombstones[destination.entity.name, default: [:]]
                        .merge(try destination.tombstones(of: related, in: connection)) { first, _ in first }
                }
                try apply(to: related.sorted(), of: destination)
                try run("DELETE FROM \(destination.entity.tableName) WHERE Z_PK IN", related.sorted())
            case .nullify:
                guard let inverse = relationship.inverseIndex, !destination.entity.relationships[inverse].isToMany else { break }
                let column = destination.entity.relationships[inverse].columnName
                let pointing = try selectKeys("SELECT Z_PK FROM \(destination.entity.tableName) WHERE \(column) IN", keys)
                try run("UPDATE \(destination.entity.tableName) SET \(column) = NULL, Z_OPT = Z_OPT + 1 WHERE \(column) IN", keys)
                nullified[destination.entity.name, default: []].formUnion(pointing)
                for key in pointing {
                    nullifiedRelationships[destination.entity.name, default: [:]][key, default: []]
                        .append(destination.entity.relationships[inverse].name)
                }
            case .noAction, .deny:
                break
            }
            if case .joinTable(let join) = relationship.storage {
                try run("DELETE FROM \(join.name) WHERE \(join.sourceColumn) IN", keys)
            }
        }
    }

    /// The keys of the rows relationship `relationship` relates rows `keys` to.
    private func relatedKeys(of keys: [Int64], through relationship: RelationshipSQL, in entity: EntitySQL) throws(ModelError) -> Set<Int64> {
        switch relationship.storage {
        case .column:
            let column = relationship.relationship.columnName
            return try selectKeys("SELECT \(column) FROM \(entity.entity.tableName) WHERE \(column) IS NOT NULL AND Z_PK IN", keys)
        case .inverseColumn(let column):
            return try selectKeys("SELECT Z_PK FROM \(relationship.destinationTable) WHERE \(column) IN", keys)
        case .joinTable(let join):
            return try selectKeys("SELECT \(join.destinationColumn) FROM \(join.name) WHERE \(join.sourceColumn) IN", keys)
        }
    }

    /// Runs `prefix (?, ?, …)` for `keys`, a chunk at a time.
    private func run(_ prefix: String, _ keys: [Int64]) throws(ModelError) {
        for chunk in KeyChunks.of(keys) {
            try connection.run("\(prefix) (\(KeyChunks.placeholders(chunk.count)))", chunk.map { .integer($0) })
        }
    }

    /// The first column of `prefix (?, ?, …)` for `keys`, as keys.
    private func selectKeys(_ prefix: String, _ keys: [Int64]) throws(ModelError) -> Set<Int64> {
        var found = Set<Int64>()
        for chunk in KeyChunks.of(keys) {
            let statement = try connection.cachedStatement("\(prefix) (\(KeyChunks.placeholders(chunk.count)))")
            try statement.bind(chunk.map { .integer($0) })
            while try statement.step() { found.insert(statement.int64(0)) }
        }
        return found
    }

    /// Records the batch in history, once it has deleted rows `keys` of `entity` itself: those
    /// rows (with `tombstones`), the rows its cascades deleted, and the rows its rules nullified.
    func recordHistory(deleting keys: [Int64], of entity: EntitySQL, tombstones: [Int64: Data]) throws(ModelError) {
        guard !keys.isEmpty, let history = try store.beginHistory(author: nil, in: connection) else { return }
        for key in keys {
            try history.deleted(entity: entity.entityNumber, primaryKey: key, tombstone: tombstones[key])
        }
        for (name, cascadedKeys) in cascaded.sorted(by: { $0.key < $1.key }) {
            let sql = try store.sql(for: name)
            for key in cascadedKeys.sorted() {
                try history.deleted(entity: sql.entityNumber, primaryKey: key, tombstone: cascadedTombstones[name]?[key])
            }
        }
        for (name, rows) in nullifiedRelationships.sorted(by: { $0.key < $1.key }) {
            let sql = try store.sql(for: name)
            var gone = cascaded[name] ?? []
            if name == entity.entity.name { gone.formUnion(keys) }
            for (key, relationships) in rows.sorted(by: { $0.key < $1.key }) where !gone.contains(key) {
                try history.updated(entity: sql.entityNumber, primaryKey: key, properties: relationships)
            }
        }
    }

    /// The related rows' changes, for subscribers of ``ModelContainer/changes``, once the batch
    /// has deleted rows `keys` of `entity` itself.
    ///
    /// A deleted row is reported as deleted only, never also as updated, even when a rule
    /// nullified its column on the way (a one-to-one cascade whose inverse nullifies points back
    /// at the rows the batch deletes): a merge that refreshed it first would find it gone and
    /// skip the deletion's clean-up of its related models.
    func changes(deleting keys: [Int64], of entity: EntitySQL) throws(ModelError) -> (updated: Set<PersistentIdentifier>, deleted: Set<PersistentIdentifier>) {
        var updated = Set<PersistentIdentifier>(), deleted = Set<PersistentIdentifier>()
        for (name, nullifiedKeys) in nullified {
            let sql = try store.sql(for: name)
            var gone = cascaded[name] ?? []
            if name == entity.entity.name { gone.formUnion(keys) }
            updated.formUnion(nullifiedKeys.subtracting(gone).map { sql.identifier(primaryKey: $0) })
        }
        for (name, keys) in cascaded {
            let sql = try store.sql(for: name)
            deleted.formUnion(keys.map { sql.identifier(primaryKey: $0) })
        }
        return (updated, deleted)
    }
}
