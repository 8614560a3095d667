import Foundation

extension ModelContext {
    /// Brings another context's saved changes into this one: Core Data's `mergeChanges(fromContextDidSave:)`.
    ///
    /// Registered objects the save updated are refreshed, keeping their own unsaved changes on
    /// top; registered objects it deleted are removed and invalidated (touching one afterwards
    /// stops the process, see ``PersistentModel``); inserted ones need nothing (they are in the
    /// store, so the next fetch finds them).
    public func mergeChanges(fromContextDidSave changes: Changes) {
        checkQueue("ModelContext.mergeChanges(fromContextDidSave:)")
        // Changes made by hand (a batch's identifiers) flow from the latest change that made them.
        TraceRecorder.span(.merge(changes), on: self,
                           flowsFrom: [changes.traceEvent != 0 ? changes.traceEvent : TraceRecorder.latestChange(among: changes)]) { merge in
            advanceQueryGeneration()
            for identifier in changes.updated {
                if let model = registeredModel(identifiedBy: identifier), !model.backingData.isFault {
                    reload(model, mergeChanges: true)
                }
            }
            for identifier in changes.deleted {
                if let model = registeredModel(identifiedBy: identifier) {
                    dropDeleted(model.backingData, because: .mergedDeletion)
                }
            }
            // What observers deliver now flows from this merge.
            var merged = changes
            merged.traceEvent = merge
            notifyObservers(.merged(merged))
        }
    }

    /// Core Data's spelling, taking the ``ModelContext/didSave`` notification itself:
    /// `NotificationCenter`'s block hands the notification over as it is. A notification whose
    /// `userInfo` holds no changes (one of another name) merges nothing.
    public func mergeChanges(fromContextDidSave notification: Notification) {
        guard let changes = notification.userInfo.flatMap(Changes.init(userInfo:)) else {
            checkQueue("ModelContext.mergeChanges(fromContextDidSave:)")
            return
        }
        mergeChanges(fromContextDidSave: changes)
    }

    /// Merges changes made outside any context, such as a batch request's, into each of
    /// `contexts`, each on its own queue: Core Data's `mergeChanges(fromRemoteContextSave:into:)`.
    ///
    /// Batch requests bypass every context (even one that merges automatically), so an app that
    /// shows the rows a batch changed merges its result by hand, as Apple's `NSBatchDeleteRequest`
    /// documentation shows:
    ///
    /// ```swift
    /// let result = try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 30],
    ///                                                                   resultType: .identifiers))
    /// let changes = ModelContext.Changes(updated: Set(result.identifiers ?? []))
    /// ModelContext.mergeChanges(fromRemoteContextSave: changes, into: [container.mainContext])
    /// ```
    ///
    /// Each context merges as for a did-save (``mergeChanges(fromContextDidSave:)-(ModelContext.Changes)``): registered
    /// objects that were updated are refreshed, deleted ones are removed. The merge runs with
    /// `performAndWait`, so when this returns every context has merged.
    ///
    /// > Warning: Like every `performAndWait`, it waits for each context's queue: do not call it
    /// > while a context in `contexts` is blocked waiting for the caller.
    public static func mergeChanges(fromRemoteContextSave changes: Changes, into contexts: [ModelContext]) {
        guard !changes.isEmpty else { return }
        for context in contexts {
            context.performAndWait { context.mergeChanges(fromContextDidSave: changes) }
        }
    }

    /// Reloads one object from the store: Core Data's `refresh(_:mergeChanges:)`.
    ///
    /// With `mergeChanges` true, the store's values come in and the object's unsaved changes are
    /// re-applied on top. With false, unsaved changes are discarded and the object turns into a
    /// fault that loads on next access. A new, unsaved object is left as it is.
    public func refresh(_ model: any PersistentModel, mergeChanges: Bool) {
        checkQueue("ModelContext.refresh(_:mergeChanges:)")
        reload(model, mergeChanges: mergeChanges)
        notifyObservers(.refreshed(entity: model.backingData.entity.name))
    }

    /// The work of ``refresh(_:mergeChanges:)``, for one model, telling no observer: merges and
    /// `refreshAllObjects` reload many, then tell them once.
    private func reload(_ model: any PersistentModel, mergeChanges: Bool) {
        let data = model.backingData
        // A new object has no row to reload, even with a permanent identifier from
        // obtainPermanentIdentifiers: refreshing it would forget it, or make an unfulfillable fault.
        // A child also reloads a model its parent inserted (temporary, not in the store yet).
        guard data.modelContext === self, !data.has(BackingData.Flag.inserted),
              data.persistentModelID.primaryKey != nil || parent != nil
        else { return }
        guard mergeChanges else {
            dropFromChangeTracking(data)
            data.changedAttributes = AttributeMask()
            data.refaultRelationships()
            data.cachedValues = nil
            data.set(BackingData.Flag.changed | BackingData.Flag.deleted, false)
            data.set(BackingData.Flag.fault, true)
            return
        }
        guard !data.isFault else { return }
        let row: EntitySQL.Row?
        do {
            row = try loadRow(of: data.persistentModelID)  // a child's, through its parent
        } catch {
            return  // the store could not be read: keep what memory holds
        }
        guard let row else {
            dropDeleted(data, because: .foundDeleted)
            return
        }
        var values = row.values
        for index in data.changedAttributes {
            values[index] = data.values[index]
        }
        let before = data.values
        data.values = values
        data.cachedValues = row.values
        data.version = row.version
        // Another context may have changed who is related to whom: read those again on next access.
        if !data.relations.isEmpty {
            refaultRelationshipsAfterMerge(of: data)
            refreshInverses(of: data, before: before)
        }
    }

    /// Takes an object whose row is gone out of this context, however that was learned (a merged
    /// deletion, or a refresh that found no row): its pending changes go, the models related to
    /// it let go of it, and it is forgotten and invalidated.
    private func dropDeleted(_ data: BackingData, because reason: BackingData.Invalidation) {
        dropFromChangeTracking(data)
        detachFromRelatedModels(data)
        forget(data, because: reason)
    }

    /// Refreshes every registered object, keeping unsaved changes: Core Data's `refreshAllObjects()`.
    public func refreshAllObjects() {
        checkQueue("ModelContext.refreshAllObjects()")
        for model in registered.values {
            reload(model, mergeChanges: true)
        }
        notifyObservers(.refreshed(entity: nil))
    }

    private func dropFromChangeTracking(_ data: BackingData) {
        let key = ObjectIdentifier(data)
        updatedObjects[key] = nil
        deletedObjects[key] = nil
    }
}
