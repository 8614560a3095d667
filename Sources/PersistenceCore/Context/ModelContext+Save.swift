import Foundation

extension ModelContext {
    /// Writes every unsaved change to the store in one SQLite transaction: all of it, or nothing.
    ///
    /// Each changed or deleted row is checked against the version (`Z_OPT`) this context last read.
    /// A row changed since is a conflict, which ``mergePolicy`` resolves; with the default
    /// ``MergePolicy/error`` the save throws ``ModelError/mergeConflict(_:)`` and writes nothing.
    /// After a save, new models have permanent identifiers, and every saved model holds exactly
    /// what the store holds. Other contexts learn of it through ``ModelContext/didSave``; just
    /// before it starts, a save with changes posts ``ModelContext/willSave``.
    public func save() throws {
        checkQueue("ModelContext.save()")
        guard !insertedObjects.isEmpty || !updatedObjects.isEmpty || !deletedObjects.isEmpty else { return }
        // On this queue, before anything is written: an observer may still change models.
        NotificationCenter.default.post(name: ModelContext.willSave, object: self)
        // A child saves into its parent, not the store (`Nesting/ModelContext+SaveToParent.swift`).
        if let parent { return try saveToParent(parent) }
        try propagateDeletions()
        // A new model whose unique values repeat another's becomes an update of that one
        // (`Context/ModelContext+UniqueValues.swift`).
        try resolveUniqueValues()
        // The new objects and their identifiers in one pass: 100k of them are read once.
        var inserted: [BackingData] = [], insertedIdentifiers: [PersistentIdentifier] = []
        inserted.reserveCapacity(insertedObjects.count)
        insertedIdentifiers.reserveCapacity(insertedObjects.count)
        for model in insertedObjects {
            let data = model.backingData
            inserted.append(data)
            insertedIdentifiers.append(data.persistentModelID)
        }
        let updated = updatedObjects.compactMap { key, model in deletedObjects[key] == nil ? model.backingData : nil }
        let deleted = deletedObjects.values.map(\.backingData)
        let plan = SavePlan(
            inserted: inserted,
            insertedIdentifiers: insertedIdentifiers,
            updated: updated,
            deleted: deleted,
            relationships: RelationshipWrites(context: self, inserted: inserted, updated: updated, deleted: deleted))
        let policy = mergePolicy
        let author = author
        let store = container.store
        do {
            try write(plan, policy: policy, author: author, store: store)
        } catch {
            // Nothing was written. A repeated unique value under `.error`: name the models and the
            // values, as Core Data's constraint conflict does.
            if case .uniqueConstraintViolation = error, uniqueValueRule == .conflict {
                try resolveUniqueValues(reportingConflicts: true)
            }
            throw error
        }
    }

    /// Writes `plan` in one transaction and brings memory, observers and other contexts in line.
    private func write(_ plan: SavePlan, policy: MergePolicy, author: String?, store: SQLiteStore) throws(ModelError) {
        try TraceRecorder.span(.save, on: self) { (_) throws(ModelError) in
            var changes = ModelContext.Changes()
            let outcome = try store.write({ (connection) throws(ModelError) -> SaveOutcome in
                let tombstones = try plan.readTombstones(store: store, in: connection)
                let outcome = try plan.execute(in: connection, store: store, policy: policy)
                try outcome.recordHistory(author: author, tombstones: tombstones, store: store, in: connection)
                return outcome
            }, afterCommit: { outcome in
                // The commit, which merges and observers' deliveries flow from.
                changes = outcome.changes
                changes.traceEvent = TraceRecorder.instant(.commit(changes), on: self)
                container.publish(changes, from: self)
            })
            apply(outcome, of: plan)
            advanceQueryGeneration()
            notifyObservers(.saved(changes))
            TraceRecorder.instant(.didSave, on: self)
            container.postDidSave(changes, from: self)
            mergingChildren.merge(changes)
        }
    }

    /// Gives new models permanent identifiers now, before any save: Core Data's
    /// `obtainPermanentIDs(for:)`. The primary keys are reserved in the store at once.
    public func obtainPermanentIdentifiers(for models: [any PersistentModel]) throws {
        checkQueue("ModelContext.obtainPermanentIdentifiers(for:)")
        let temporary = models.filter { $0.backingData.persistentModelID.isTemporary }
        guard !temporary.isEmpty else { return }
        for data in temporary.map(\.backingData) where data.modelContext !== self {
            throw ModelError.contextMismatch("\(data.entity.name) \(data.persistentModelID) is not registered in this context; insert it first")
        }
        let store = container.store
        let identifiers = temporary.map(\.backingData.persistentModelID)
        let keys = try store.write { (connection) throws(ModelError) -> [Int64] in
            try SavePlan.allocateKeys(for: identifiers, in: connection, store: store)
        }
        for (model, (identifier, primaryKey)) in zip(temporary, zip(identifiers, keys)) {
            makePermanent(model, temporary: identifier, primaryKey: primaryKey, isNew: model.backingData.has(BackingData.Flag.inserted))
        }
    }

    /// Gives `model`, whose identifier is `temporary`, the permanent identifier of its new row,
    /// and files it in the uniquing table under it, instead of its temporary key if it had one
    /// there (a child's pushed model; a new model is in no table: `ModelContext+Uniquing.swift`).
    private func makePermanent(_ model: any PersistentModel, temporary: PersistentIdentifier, primaryKey: Int64, isNew: Bool) {
        let permanent = PersistentIdentifier(scope: temporary.scope, storage: .permanent(primaryKey: primaryKey))
        model.backingData.setIdentifier(permanent)
        if isNew {
            newModelsByIdentifier?[temporary] = nil
        } else {
            registered[temporary] = nil
        }
        registered[permanent] = model
    }

    /// Brings memory in line with what the committed transaction of `plan` wrote.
    private func apply(_ outcome: SaveOutcome, of plan: SavePlan) {
        // Each new model enters the uniquing table now, under its permanent identifier (one given
        // it before the save is filed under it already). The plan lists `insertedObjects` in
        // their order (`save()`), so each new row's model is at hand.
        for (index, data) in plan.inserted.enumerated() {
            let model = insertedObjects[index]
            assert(model.backingData === data, "a save's new objects are insertedObjects, in order")
            let identifier = plan.insertedIdentifiers[index]
            if identifier.isTemporary {
                makePermanent(model, temporary: identifier, primaryKey: outcome.insertedKeys[index], isNew: true)
            }
            data.takeSaved(outcome.insertedValues[data], version: 1)
        }
        for write in outcome.written {
            write.data.takeSaved(write.values, version: write.version)
        }
        for (data, reason) in outcome.removed {
            forget(data, because: reason)
        }
        if outcome.hadConflicts {
            // A merge policy may have kept the store's side of a relationship: read them all again.
            for model in registered.values where !model.backingData.relations.isEmpty {
                model.backingData.refaultRelationships()
            }
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
