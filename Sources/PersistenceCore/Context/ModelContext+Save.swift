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
        let inserted = insertedObjects.map(\.backingData)
        let updated = updatedObjects.compactMap { key, model in deletedObjects[key] == nil ? model.backingData : nil }
        let deleted = deletedObjects.values.map(\.backingData)
        let plan = SavePlan(
            inserted: inserted,
            insertedIdentifiers: inserted.map(\.persistentModelID),
            updated: updated,
            deleted: deleted,
            relationships: RelationshipWrites(context: self, inserted: inserted, updated: updated, deleted: deleted))
        let policy = mergePolicy
        let author = author
        let store = container.store
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
            apply(outcome)
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
        let rebuild = outcome.inserted.count * 2 >= registered.count
        // One pass over each new object: its permanent identifier and what it now holds as saved.
        for insertion in outcome.inserted {
            makePermanent(insertion.data, temporary: insertion.temporary, primaryKey: insertion.primaryKey, rekey: !rebuild)
            insertion.data.takeSaved(insertion.values, version: 1)
        }
        if rebuild {
            var rekeyed = [PersistentIdentifier: any PersistentModel](minimumCapacity: registered.count)
            for (key, model) in registered {
                rekeyed[key.isTemporary ? model.backingData.persistentModelID : key] = model
            }
            registered = rekeyed
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
