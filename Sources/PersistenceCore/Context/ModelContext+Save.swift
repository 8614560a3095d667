extension ModelContext {
    /// Writes every unsaved change to the store in one SQLite transaction: all of it, or nothing.
    ///
    /// Each changed or deleted row is checked against the version (`Z_OPT`) this context last read.
    /// A row changed since is a conflict, which ``mergePolicy`` resolves; with the default
    /// ``MergePolicy/error`` the save throws ``ModelError/mergeConflict(_:)`` and writes nothing.
    /// After a save, new models have permanent identifiers, and every saved model holds exactly
    /// what the store holds. Other contexts learn of it through ``ModelContext/didSave``.
    public func save() throws {
        checkQueue("ModelContext.save()")
        guard !insertedObjects.isEmpty || !updatedObjects.isEmpty || !deletedObjects.isEmpty else { return }
        let inserted = insertionOrder.compactMap { insertedObjects[$0]?.backingData }
        let plan = SavePlan(
            inserted: inserted,
            insertedIdentifiers: inserted.map(\.persistentModelID),
            updated: updatedObjects.compactMap { key, model in deletedObjects[key] == nil ? model.backingData : nil },
            deleted: deletedObjects.values.map(\.backingData))
        let policy = mergePolicy
        let store = container.store
        let outcome = try store.write({ (connection) throws(ModelError) -> SaveOutcome in
            try plan.execute(in: connection, store: store, policy: policy)
        }, afterCommit: { outcome in
            container.publish(outcome.changes, from: self)
        })
        apply(outcome)
        container.postDidSave(outcome.changes, from: self)
    }

    /// Gives new models permanent identifiers now, before any save: Core Data's
    /// `obtainPermanentIDs(for:)`. The primary keys are reserved in the store at once.
    public func obtainPermanentIdentifiers(for models: [any PersistentModel]) throws {
        checkQueue("ModelContext.obtainPermanentIdentifiers(for:)")
        let temporary = models.map(\.backingData).filter { $0.persistentModelID.isTemporary }
        guard !temporary.isEmpty else { return }
        for data in temporary where data.modelContext !== self {
            throw ModelError.contextMismatch("\(data.entity.name) \(data.persistentModelID) is not registered in this context; insert it first")
        }
        let store = container.store
        let identifiers = temporary.map(\.persistentModelID)
        let keys = try store.write { (connection) throws(ModelError) -> [Int64] in
            try SavePlan.allocateKeys(for: identifiers, in: connection, store: store)
        }
        for (data, (identifier, primaryKey)) in zip(temporary, zip(identifiers, keys)) {
            makePermanent(data, temporary: identifier, primaryKey: primaryKey)
        }
    }

    /// Gives `data`, whose identifier is `temporary`, the permanent identifier of its new row, and
    /// re-keys it in the uniquing table unless `rekey` is false (the caller re-keys in bulk).
    private func makePermanent(_ data: BackingData, temporary: PersistentIdentifier, primaryKey: Int64, rekey: Bool = true) {
        guard temporary.isTemporary else { return }
        let permanent = PersistentIdentifier(scope: temporary.scope, storage: .permanent(primaryKey: primaryKey))
        data.setIdentifier(permanent)
        if rekey, let model = registered.removeValue(forKey: temporary) {
            registered[permanent] = model
        }
    }

    /// Brings memory in line with what the committed transaction wrote.
    private func apply(_ outcome: SaveOutcome) {
        // When the new objects are much of the uniquing table, rebuild it in one pass rather than
        // remove each temporary key (a probe into a large table, and a shift of its neighbours)
        // and insert its permanent one. After a save no object is temporary any more: every
        // temporary key in the table belongs to an object this save inserted.
        let rebuild = outcome.insertedKeys.count * 2 >= registered.count
        for (data, temporary, primaryKey) in outcome.insertedKeys {
            makePermanent(data, temporary: temporary, primaryKey: primaryKey, rekey: !rebuild)
            data.set(BackingData.Flag.inserted, false)
        }
        if rebuild {
            var rekeyed = [PersistentIdentifier: any PersistentModel](minimumCapacity: registered.count)
            for (key, model) in registered {
                rekeyed[key.isTemporary ? model.backingData.persistentModelID : key] = model
            }
            registered = rekeyed
        }
        for write in outcome.written {
            write.data.values = write.values
            write.data.cachedValues = write.values
            write.data.version = write.version
            write.data.changedAttributes = AttributeMask()
            write.data.set(BackingData.Flag.changed | BackingData.Flag.deleted, false)
        }
        for (data, reason) in outcome.removed {
            forget(data, because: reason)
        }
        clearChangeTracking()
    }

    /// Unregisters an object whose row is gone and invalidates it: touching it afterwards stops
    /// the process, naming `reason`.
    func forget(_ data: BackingData, because reason: BackingData.Invalidation) {
        registered[data.persistentModelID] = nil
        data.invalidate(reason)
    }
}

/// What a save will write, gathered on the context's queue before the transaction starts.
struct SavePlan: Sendable {
    let inserted: [BackingData]
    /// The identifiers of `inserted`, read once (each read takes the object's lock).
    let insertedIdentifiers: [PersistentIdentifier]
    let updated: [BackingData]
    let deleted: [BackingData]

    /// Runs the save's SQL; throws (and so rolls back) on an unresolved conflict or a constraint.
    /// Nothing in memory changes here: ``SaveOutcome`` says what to change once committed.
    func execute(in connection: SQLiteConnection, store: SQLiteStore, policy: MergePolicy) throws(ModelError) -> SaveOutcome {
        try refuseUnstorableValues()
        var outcome = SaveOutcome()
        var conflicts: [(data: BackingData, conflict: MergeConflict, row: EntitySQL.Row?, isDeletion: Bool)] = []

        // Updates and deletions first, each guarded by the version this context last read.
        for data in updated {
            let sql = try store.sql(for: data.entity.name)
            let primaryKey = try Self.primaryKey(of: data)
            if try tryUpdate(data, sql: sql, primaryKey: primaryKey, in: connection) {
                outcome.written.append(.init(data: data, values: data.values, version: data.version + 1))
                outcome.updated.insert(data.persistentModelID)
            } else {
                let row = try sql.row(primaryKey: primaryKey, in: connection)
                conflicts.append((data, Self.conflict(data, row: row), row, false))
            }
        }
        for data in deleted {
            let sql = try store.sql(for: data.entity.name)
            let primaryKey = try Self.primaryKey(of: data)
            // A fault holds no version to compare: never read (`model(for:)`), or its snapshot was
            // dropped (`refresh(_:mergeChanges: false)`). The context cannot have seen an older
            // row, so deleting it is no conflict, as `delete(object(with: id))` in Core Data.
            let deletedRows = data.isFault
                ? try connection.run(sql.delete, [.integer(primaryKey)])
                : try connection.run(sql.delete + " AND Z_OPT = ?2", [.integer(primaryKey), .integer(data.version)])
            let row = deletedRows == 1 ? nil : try sql.row(primaryKey: primaryKey, in: connection)
            if let row {
                conflicts.append((data, Self.conflict(data, row: row), row, true))
            } else {
                outcome.removed.append((data, .deletedAndSaved))
                outcome.deleted.insert(data.persistentModelID)
            }
        }

        if !conflicts.isEmpty {
            if case .error = policy { throw .mergeConflict(conflicts.map(\.conflict)) }
            var custom: [PersistentIdentifier: [String: SQLiteValue]] = [:]
            if case .custom(let resolve) = policy {
                custom = resolve(conflicts.map(\.conflict))
                for (data, conflict, _, _) in conflicts {
                    try Self.checkCustomValues(custom[conflict.identifier] ?? [:], for: data.entity)
                }
            }
            for (data, conflict, row, isDeletion) in conflicts {
                guard let row else {
                    // The row was deleted behind our back: the deletion stands under every policy.
                    outcome.removed.append((data, isDeletion ? .deletedAndSaved : .foundDeleted))
                    continue
                }
                let resolution = Self.resolve(data, against: row, isDeletion: isDeletion, policy: policy,
                                              custom: custom[conflict.identifier])
                let sql = try store.sql(for: data.entity.name)
                switch resolution {
                case .delete:
                    try connection.run(sql.delete, [.integer(row.primaryKey)])
                    outcome.removed.append((data, .deletedAndSaved))
                    outcome.deleted.insert(data.persistentModelID)
                case .keepStore:
                    outcome.written.append(.init(data: data, values: row.values, version: row.version))
                case .write(let values):
                    let version = row.version + 1
                    try connection.run(sql.update, [.integer(row.primaryKey), .integer(version)] + values)
                    outcome.written.append(.init(data: data, values: values, version: version))
                    outcome.updated.insert(data.persistentModelID)
                }
            }
        }

        // Inserts last: new rows cannot conflict, but a unique attribute can.
        let keys = try Self.allocateKeys(for: insertedIdentifiers, in: connection, store: store)
        outcome.insertedKeys.reserveCapacity(inserted.count)
        outcome.written.reserveCapacity(outcome.written.count + inserted.count)
        var inserts: [String: (sql: EntitySQL, statement: SQLiteStatement)] = [:]
        for ((data, temporary), primaryKey) in zip(zip(inserted, insertedIdentifiers), keys) {
            let (sql, statement) = try Self.insertStatement(for: data.entity.name, in: &inserts, connection: connection, store: store)
            statement.reset()
            try statement.bind(.integer(primaryKey), at: 1)
            try statement.bind(.integer(sql.entityNumber), at: 2)
            try statement.bind(.integer(1), at: 3)
            for (offset, value) in data.values.enumerated() {
                try statement.bind(value, at: Int32(offset + 4))
            }
            do {
                while try statement.step() {}
            } catch {
                throw Self.explainConstraint(error, entity: data.entity)
            }
            outcome.insertedKeys.append((data, temporary, primaryKey))
            outcome.written.append(.init(data: data, values: data.values, version: 1))
            outcome.noteInserted(primaryKey, in: temporary.scope)
        }
        return outcome
    }

    /// Refuses, before any row is written, a value the store would silently change: a NaN.
    private func refuseUnstorableValues() throws(ModelError) {
        for data in [inserted, updated].joined() {
            for (index, value) in data.values.enumerated() where value.isNaN {
                throw .invalidProperty(entity: data.entity.name, property: data.entity.attributes[index].name,
                                       reason: SQLiteValue.nanRefusal)
            }
        }
    }

    /// The prepared INSERT of an entity, looked up once per save rather than once per row.
    private static func insertStatement(
        for entity: String, in cache: inout [String: (sql: EntitySQL, statement: SQLiteStatement)],
        connection: SQLiteConnection, store: SQLiteStore
    ) throws(ModelError) -> (sql: EntitySQL, statement: SQLiteStatement) {
        if let cached = cache[entity] { return cached }
        let sql = try store.sql(for: entity)
        let prepared = (sql: sql, statement: try connection.cachedStatement(sql.insert))
        cache[entity] = prepared
        return prepared
    }

    /// Writes an updated object if its row still has the version this context read.
    private func tryUpdate(_ data: BackingData, sql: EntitySQL, primaryKey: Int64, in connection: SQLiteConnection) throws(ModelError) -> Bool {
        let statement = try connection.cachedStatement(sql.update + " AND Z_OPT = ?\(data.values.count + 3)")
        try statement.bind(.integer(primaryKey), at: 1)
        try statement.bind(.integer(data.version + 1), at: 2)
        for (offset, value) in data.values.enumerated() {
            try statement.bind(value, at: Int32(offset + 3))
        }
        try statement.bind(.integer(data.version), at: Int32(data.values.count + 3))
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
        // A save holds few entities: a list searched by name beats hashing every object's name.
        var next: [(entity: String, key: Int64)] = []
        for identifier in identifiers where identifier.isTemporary && !next.contains(where: { $0.entity == identifier.entityName }) {
            next.append((identifier.entityName, 0))
        }
        for index in next.indices {
            let entity = next[index].entity
            let count = identifiers.count { $0.isTemporary && $0.entityName == entity }
            next[index].key = try store.allocatePrimaryKeys(connection, entity: entity, count: count).lowerBound
        }
        return identifiers.map { identifier in
            if let primaryKey = identifier.primaryKey { return primaryKey }
            let index = next.firstIndex { $0.entity == identifier.entityName }!
            defer { next[index].key += 1 }
            return next[index].key
        }
    }

    private static func primaryKey(of data: BackingData) throws(ModelError) -> Int64 {
        guard let primaryKey = data.persistentModelID.primaryKey else { throw .modelNotFound(data.persistentModelID) }
        return primaryKey
    }

    private static func conflict(_ data: BackingData, row: EntitySQL.Row?) -> MergeConflict {
        MergeConflict(
            identifier: data.persistentModelID,
            objectSnapshot: data.snapshot(of: data.values),
            cachedSnapshot: data.snapshot(of: data.cachedValues ?? data.values),
            persistedSnapshot: row.map { data.snapshot(of: $0.values) },
            oldVersionNumber: data.version,
            newVersionNumber: row?.version ?? 0)
    }

    /// Refuses what a custom merge policy returned for one object if the store would not keep it
    /// as given: a name that is no attribute, a value of another type, nil for a non-optional
    /// attribute, a NaN. Thrown inside the transaction, so nothing is written.
    private static func checkCustomValues(_ values: [String: SQLiteValue], for entity: EntitySchema) throws(ModelError) {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let index = entity.attributeIndex(named: name) else {
                throw .invalidProperty(entity: entity.name, property: name, reason: "is not an attribute, but the custom merge policy gave it a value")
            }
            let attribute = entity.attributes[index]
            guard !value.isNaN else { throw .invalidProperty(entity: entity.name, property: name, reason: SQLiteValue.nanRefusal) }
            guard attribute.accepts(value) else {
                throw .invalidProperty(entity: entity.name, property: name,
                                       reason: "is \(attribute.type.rawValue)\(attribute.isOptional ? "?" : ""); the custom merge policy gave \(value)")
            }
        }
    }

    enum Resolution {
        case write([SQLiteValue])
        case keepStore
        case delete
    }

    /// Core Data's merge policies, for one conflicting object whose row still exists.
    static func resolve(_ data: BackingData, against row: EntitySQL.Row, isDeletion: Bool, policy: MergePolicy,
                        custom: [String: SQLiteValue]?) -> Resolution {
        let cached = data.cachedValues ?? row.values
        switch policy {
        case .error:
            preconditionFailure("conflicts under .error are thrown before resolution")
        case .rollback:
            return .keepStore
        case .overwrite:
            return isDeletion ? .delete : .write(data.values)
        case .mergeByPropertyStoreTrump:
            if isDeletion { return .keepStore }
            return .write(data.values.indices.map { row.values[$0] != cached[$0] ? row.values[$0] : data.values[$0] })
        case .mergeByPropertyObjectTrump:
            if isDeletion { return .delete }
            return .write(data.values.indices.map { data.values[$0] != cached[$0] ? data.values[$0] : row.values[$0] })
        case .custom:
            guard let custom else { return .keepStore }
            return .write(data.entity.attributes.indices.map { custom[data.entity.attributes[$0].name] ?? row.values[$0] })
        }
    }

    /// Names the unique attribute behind a `UNIQUE constraint failed: ZITEM.ZID` error.
    static func explainConstraint(_ error: ModelError, entity: EntitySchema) -> ModelError {
        guard case .sqlite(_, let message, _) = error, message.contains("UNIQUE constraint failed") else { return error }
        let attribute = entity.attributes.first { message.contains("\(entity.tableName).\($0.columnName)") }
        return .uniqueConstraintViolation(entity: entity.name, attribute: attribute?.name ?? message)
    }
}

/// What a committed save changed, applied to memory afterwards.
struct SaveOutcome: Sendable {
    struct Write: Sendable {
        let data: BackingData
        let values: [SQLiteValue]
        let version: Int64
    }
    /// Each inserted object, its temporary identifier and its new primary key.
    var insertedKeys: [(BackingData, PersistentIdentifier, Int64)] = []
    var written: [Write] = []
    /// The objects whose rows are gone after the save, and why.
    var removed: [(BackingData, BackingData.Invalidation)] = []
    /// The new rows' primary keys, by entity: their identifiers are made only if someone reads
    /// them (a set of 100k was a twentieth of a 100k-item import).
    var insertedRows: [RowGroup] = []
    /// The identifiers of the rows updated and deleted.
    var updated: Set<PersistentIdentifier> = []
    var deleted: Set<PersistentIdentifier> = []

    /// Records a new row; a save holds few entities, so the groups are searched, not hashed.
    mutating func noteInserted(_ primaryKey: Int64, in scope: PersistentIdentifier.Scope) {
        if let last = insertedRows.indices.last, insertedRows[last].scope === scope {
            insertedRows[last].primaryKeys.append(primaryKey)
        } else if let index = insertedRows.firstIndex(where: { $0.scope === scope }) {
            insertedRows[index].primaryKeys.append(primaryKey)
        } else {
            insertedRows.append(RowGroup(scope: scope, primaryKeys: [primaryKey]))
        }
    }

    /// What the save tells subscribers, merging contexts and ``ModelContext/didSave`` observers.
    var changes: ModelContext.Changes {
        ModelContext.Changes(insertedRows: insertedRows, updated: updated, deleted: deleted)
    }
}
