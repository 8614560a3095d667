import Foundation

// What each kind of commit writes to history, inside its own write transaction.

extension SaveOutcome {
    /// Records a save: each new row, each updated row with the properties the context changed,
    /// each deleted row with its tombstone (read before the deletion, `tombstones`).
    func recordHistory(author: String?, tombstones: [ObjectIdentifier: Data], store: SQLiteStore,
                       in connection: SQLiteConnection) throws(ModelError) {
        // Read straight from what the save wrote, allocating nothing per object: a 100k import
        // goes through this once per new row.
        let updates = written.lazy.filter { $0.version > 1 }
        let deletions = removed.lazy.filter { $0.1 == .deletedAndSaved }
        guard !insertedRows.isEmpty || !updates.isEmpty || !deletions.isEmpty,
              let history = try store.beginHistory(author: author, in: connection)
        else { return }
        for group in insertedRows {
            let entity = try store.sql(for: group.scope.entityName).entityNumber
            try history.inserted(group.primaryKeys.lazy.map { (entity, $0) })
        }
        for write in updates {
            guard let primaryKey = write.data.persistentModelID.primaryKey else { continue }
            try history.updated(entity: try store.sql(for: write.data.entity.name).entityNumber, primaryKey: primaryKey,
                                properties: write.data.changedPropertyNames)
        }
        for (data, _) in deletions {
            guard let primaryKey = data.persistentModelID.primaryKey else { continue }
            try history.deleted(entity: try store.sql(for: data.entity.name).entityNumber, primaryKey: primaryKey,
                                tombstone: tombstones[ObjectIdentifier(data)])
        }
    }
}

extension SavePlan {
    /// The tombstones of the deleted objects whose entity keeps values on deletion, read from
    /// their rows before the save deletes them (a fault has no values in memory).
    func readTombstones(store: SQLiteStore, in connection: SQLiteConnection) throws(ModelError) -> [ObjectIdentifier: Data] {
        guard store.recordsHistory else { return [:] }
        var tombstones: [ObjectIdentifier: Data] = [:]
        for data in deleted where data.entity.preservesValuesOnDeletion {
            guard let primaryKey = data.persistentModelID.primaryKey,
                  let row = try store.sql(for: data.entity.name).row(primaryKey: primaryKey, in: connection)
            else { continue }
            tombstones[ObjectIdentifier(data)] = HistoryTombstoneValue.tombstone(of: row.values, entity: data.entity)
        }
        return tombstones
    }
}

extension BackingData {
    /// The names of the properties changed since the last save, in the model's order: attributes,
    /// then relationships (a to-one relationship once, though it is both a value and a relationship).
    var changedPropertyNames: [String] {
        var names: [String] = []
        for index in changedAttributes.sorted() { names.append(entity.propertyName(atValue: index)) }
        for index in changedRelationships.sorted() where !names.contains(entity.relationships[index].name) {
            names.append(entity.relationships[index].name)
        }
        return names
    }
}

extension EntitySchema {
    /// Whether any attribute is marked `@Attribute(.preserveValueOnDeletion)`.
    var preservesValuesOnDeletion: Bool { attributes.contains(where: \.preservesValueOnDeletion) }
}

extension EntitySQL {
    /// The tombstones of rows `keys`, read before a batch deletes them; empty when the entity
    /// keeps no values on deletion.
    func tombstones(of keys: some Collection<Int64>, in connection: SQLiteConnection) throws(ModelError) -> [Int64: Data] {
        guard entity.preservesValuesOnDeletion else { return [:] }
        var tombstones: [Int64: Data] = [:]
        for key in keys {
            guard let row = try row(primaryKey: key, in: connection) else { continue }
            tombstones[key] = HistoryTombstoneValue.tombstone(of: row.values, entity: entity)
        }
        return tombstones
    }
}
