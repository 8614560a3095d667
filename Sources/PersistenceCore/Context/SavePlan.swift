/// What a save will write, gathered on the context's queue before the transaction starts.
struct SavePlan: Sendable {
    let inserted: [BackingData]
    /// The identifiers of `inserted`, read once (each read takes the object's lock).
    let insertedIdentifiers: [PersistentIdentifier]
    let updated: [BackingData]
    let deleted: [BackingData]
    /// The relationship columns and join-table rows to write (`Relationships/RelationshipWrites.swift`).
    let relationships: RelationshipWrites

    /// A conflict met on the way: the object, what Core Data would report, the row as it is now
    /// (nil when it is gone), and whether the object was being deleted.
    typealias Conflict = (data: BackingData, conflict: MergeConflict, row: EntitySQL.Row?, isDeletion: Bool, values: RowValues)

    /// Runs the save's SQL; throws (and so rolls back) on an unresolved conflict or a constraint.
    /// Nothing in memory changes here: ``SaveOutcome`` says what to change once committed.
    ///
    /// The steps, in order: refuse values the store would change and relationship counts the
    /// schema forbids; reserve the new rows' keys, so that a relationship to a new object can be
    /// written; write updates and deletions, each
    /// guarded by the version the context last read; let the merge policy resolve the conflicts
    /// met (`Merging/MergePolicy+Resolution.swift`); insert the new rows; write the join tables.
    func execute(in connection: SQLiteConnection, store: SQLiteStore, policy: MergePolicy) throws(ModelError) -> SaveOutcome {
        try refuseInvalidRows()
        var outcome = SaveOutcome()
        var conflicts: [Conflict] = []
        let keys = try Self.allocateKeys(for: insertedIdentifiers, in: connection, store: store)
        let values = relationships.valuesToWrite(inserted: inserted, keys: keys)
        try writeUpdates(into: &outcome, conflicts: &conflicts, values: values, connection: connection, store: store)
        try writeDeletions(into: &outcome, conflicts: &conflicts, connection: connection, store: store)
        if !conflicts.isEmpty {
            outcome.hadConflicts = true
            try policy.resolve(conflicts, into: &outcome, connection: connection, store: store)
        }
        try writeInserts(into: &outcome, keys: keys, values: values, connection: connection, store: store)
        outcome.insertedKeys = keys
        outcome.insertedValues = values
        try relationships.writeJoinTables(inserted: inserted, keys: keys, written: outcome.updated,
                                          removed: outcome.removed.map(\.0), in: connection)
        return outcome
    }

    /// Each changed object, written only if its row still has the version this context read.
    private func writeUpdates(into outcome: inout SaveOutcome, conflicts: inout [Conflict], values: RelationshipWrites.Values,
                              connection: SQLiteConnection, store: SQLiteStore) throws(ModelError) {
        for data in updated {
            let sql = try store.sql(for: data.entity.name)
            let primaryKey = try Self.primaryKey(of: data)
            let written = values[data]
            if try tryUpdate(data, written, sql: sql, primaryKey: primaryKey, in: connection) {
                outcome.written.append(.init(data: data, values: written, version: data.version + 1))
                outcome.updated.insert(data.persistentModelID)
            } else {
                let row = try sql.row(primaryKey: primaryKey, in: connection)
                conflicts.append((data, Self.conflict(data, written, row: row), row, false, written))
            }
        }
    }

    /// Each deleted object's row, deleted only if it still has the version this context read.
    private func writeDeletions(into outcome: inout SaveOutcome, conflicts: inout [Conflict],
                                connection: SQLiteConnection, store: SQLiteStore) throws(ModelError) {
        for data in deleted {
            let sql = try store.sql(for: data.entity.name)
            let primaryKey = try Self.primaryKey(of: data)
            // A fault holds no version to compare: never read (`model(for:)`), or its snapshot was
            // dropped (`refresh(_:mergeChanges: false)`). The context cannot have seen an older
            // row, so deleting it is no conflict, as `delete(object(with: id))` in Core Data.
            let deletedRows = data.isFault
                ? try connection.run(sql.delete, [.integer(primaryKey)])
                : try connection.run(sql.deleteIfUnchanged, [.integer(primaryKey), .integer(data.version)])
            let row = deletedRows == 1 ? nil : try sql.row(primaryKey: primaryKey, in: connection)
            if let row {
                conflicts.append((data, Self.conflict(data, data.values, row: row), row, true, data.values))
            } else {
                outcome.removed.append((data, .deletedAndSaved))
                outcome.deleted.insert(data.persistentModelID)
            }
        }
    }

    /// The new rows, last: they cannot conflict, but a unique attribute can.
    private func writeInserts(into outcome: inout SaveOutcome, keys: [Int64], values: RelationshipWrites.Values,
                              connection: SQLiteConnection, store: SQLiteStore) throws(ModelError) {
        var inserts: [String: SQLiteStatement] = [:]
        // New objects come in runs of one entity: the statement of the row before serves the next
        // one unless the entity changed.
        var current: (entity: String, statement: SQLiteStatement)?
        for ((data, temporary), primaryKey) in zip(zip(inserted, insertedIdentifiers), keys) {
            let statement: SQLiteStatement
            if let current, current.entity == data.entity.name {
                statement = current.statement
            } else {
                statement = try Self.insertStatement(for: data.entity.name, in: &inserts, connection: connection, store: store)
                current = (data.entity.name, statement)
            }
            // Every parameter is bound again below: clearing the bindings first would be wasted.
            statement.reset(clearingBindings: false)
            // The entity number and version 1 are in the statement (`EntitySQL.insert`).
            try statement.bind(.integer(primaryKey), at: 1)
            let written = values[data]
            for (offset, value) in written.enumerated() {
                try statement.bind(value, at: Int32(offset + 2))
            }
            do {
                while try statement.step() {}
            } catch {
                throw Self.explainConstraint(error, entity: data.entity)
            }
            outcome.noteInserted(primaryKey, in: temporary.scope)
        }
    }

    /// Refuses, before any row is written, a row the store would silently change or the schema
    /// forbids: a NaN value (``refuseUnstorableValues(of:)``), or a relationship left holding
    /// fewer or more models than it allows (``refuseRelationshipCounts(of:isNew:)``). One pass over
    /// the new and changed objects: a save of 100k new models reads each one once, and allocates
    /// nothing here.
    private func refuseInvalidRows() throws(ModelError) {
        for data in inserted {
            try Self.refuseUnstorableValues(of: data)
            try Self.refuseRelationshipCounts(of: data, isNew: true)
        }
        for data in updated {
            try Self.refuseUnstorableValues(of: data)
            try Self.refuseRelationshipCounts(of: data, isNew: false)
        }
    }

    /// A NaN, which SQLite would store as NULL.
    private static func refuseUnstorableValues(of data: BackingData) throws(ModelError) {
        for (index, value) in data.values.enumerated() where value.isNaN {
            throw .invalidProperty(entity: data.entity.name, property: data.entity.propertyName(atValue: index),
                                   reason: SQLiteValue.nanRefusal)
        }
    }

    /// A relationship outside its `minimumModelCount` and `maximumModelCount`, checked where the
    /// save changes it: every relationship of a new model, the changed ones of others.
    private static func refuseRelationshipCounts(of data: BackingData, isNew: Bool) throws(ModelError) {
        for (index, relationship) in data.entity.relationships.enumerated()
        where relationship.minimumModelCount ?? 0 > 0 || relationship.maximumModelCount ?? 0 > 0 {
            guard isNew || data.changedRelationships.contains(index), !data.relations[index].isFault else { continue }
            if let reason = relationship.countViolation(data.relations[index].members.count) {
                throw .relationshipCountViolation(entity: data.entity.name, relationship: relationship.name, reason: reason)
            }
        }
    }

    /// The prepared INSERT of an entity, looked up once per save rather than once per row.
    private static func insertStatement(
        for entity: String, in cache: inout [String: SQLiteStatement], connection: SQLiteConnection, store: SQLiteStore
    ) throws(ModelError) -> SQLiteStatement {
        if let cached = cache[entity] { return cached }
        let prepared = try connection.cachedStatement(try store.sql(for: entity).insert)
        cache[entity] = prepared
        return prepared
    }

    /// Writes an updated object if its row still has the version this context read.
    private func tryUpdate(_ data: BackingData, _ values: RowValues, sql: EntitySQL, primaryKey: Int64,
                           in connection: SQLiteConnection) throws(ModelError) -> Bool {
        let statement = try connection.cachedStatement(sql.updateIfUnchanged)
        try statement.bind(.integer(primaryKey), at: 1)
        try statement.bind(.integer(data.version + 1), at: 2)
        for (offset, value) in values.enumerated() {
            try statement.bind(value, at: Int32(offset + 3))
        }
        try statement.bind(.integer(data.version), at: Int32(values.count + 3))
        do {
            while try statement.step() {}
        } catch {
            throw Self.explainConstraint(error, entity: data.entity)
        }
        return connection.changes == 1
    }

    /// The primary key of each object: its own if it has one, else one reserved now, entity by
    /// entity, in order.
    static func allocateKeys(for identifiers: [PersistentIdentifier], in connection: SQLiteConnection, store: SQLiteStore) throws(ModelError) -> [Int64] {
        // A save holds few entities: a list searched by scope (one object per store and entity,
        // compared by identity) beats hashing, or even comparing, every object's entity name.
        var next: [(scope: PersistentIdentifier.Scope, key: Int64)] = []
        for identifier in identifiers where identifier.isTemporary && !next.contains(where: { $0.scope === identifier.scope }) {
            next.append((identifier.scope, 0))
        }
        for index in next.indices {
            let scope = next[index].scope
            let count = identifiers.count { $0.isTemporary && $0.scope === scope }
            next[index].key = try store.allocatePrimaryKeys(connection, entity: scope.entityName, count: count).lowerBound
        }
        return identifiers.map { identifier in
            if let primaryKey = identifier.primaryKey { return primaryKey }
            let index = next.firstIndex { $0.scope === identifier.scope }!
            defer { next[index].key += 1 }
            return next[index].key
        }
    }

    private static func primaryKey(of data: BackingData) throws(ModelError) -> Int64 {
        guard let primaryKey = data.persistentModelID.primaryKey else { throw .modelNotFound(data.persistentModelID) }
        return primaryKey
    }

    private static func conflict(_ data: BackingData, _ values: RowValues, row: EntitySQL.Row?) -> MergeConflict {
        MergeConflict(
            identifier: data.persistentModelID,
            objectSnapshot: data.snapshot(of: values),
            cachedSnapshot: data.snapshot(of: data.cachedValues ?? data.values),
            persistedSnapshot: row.map { data.snapshot(of: $0.values) },
            oldVersionNumber: data.version,
            newVersionNumber: row?.version ?? 0)
    }

    /// Names the unique attribute behind a `UNIQUE constraint failed: ZITEM.ZID` error, or the
    /// attributes of a `#Unique` constraint, joined by ", ".
    static func explainConstraint(_ error: ModelError, entity: EntitySchema) -> ModelError {
        guard case .sqlite(_, let message, _) = error, message.contains(EntitySchema.uniqueFailure) else { return error }
        let names = entity.uniqueConstraintProperties(in: message)
        return .uniqueConstraintViolation(entity: entity.name, attribute: names?.joined(separator: ", ") ?? message)
    }
}

