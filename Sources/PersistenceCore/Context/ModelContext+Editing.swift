extension ModelContext {
    /// Registers a new model with this context; it is written to the store at the next save.
    ///
    /// Inserting a model that was deleted in this context undoes the deletion. A model belongs to
    /// one context for life: inserting it into a second one stops the process, as in Core Data.
    public func insert<T: PersistentModel>(_ model: T) {
        checkQueue("ModelContext.insert(_:)")
        let data = model.backingData
        if data.has(BackingData.Flag.invalidated) {
            fatalError(data.invalidationMessage(touching: "ModelContext.insert(_:)"))
        }
        guard let sql = try? container.store.sql(for: data.entity.name) else {
            fatalError("\(data.entity.name) is not in the container's schema: list it in ModelContainer(for:)")
        }
        guard data.attach(to: self) else {
            fatalError("\(data.entity.name) \(data.persistentModelID) already belongs to another context: a model is bound to one context. Pass its persistentModelID and fetch it in this one.")
        }
        let key = ObjectIdentifier(data)
        // Checked for emptiness first: a removal from an empty dictionary still hashes the key.
        if !deletedObjects.isEmpty, deletedObjects.removeValue(forKey: key) != nil {
            data.set(BackingData.Flag.deleted, false)
            data.set(BackingData.Flag.changed, updatedObjects[key] != nil)
            return
        }
        guard !data.has(BackingData.Flag.registered) else { return }
        let identifier = data.placeIdentifier(in: sql.scope)
        guard identifier.isTemporary || data.hasNeverBeenStored else {
            fatalError("\(data.entity.name) \(identifier) was forgotten by reset() or removed from its context; fetch it again by its identifier instead of inserting it")
        }
        addNewModel(model, identifier: identifier)
        data.set(BackingData.Flag.detached | BackingData.Flag.deleted, false)
        data.set(BackingData.Flag.registered | BackingData.Flag.inserted | BackingData.Flag.changed, true)
        if !data.relations.isEmpty { completeRelationships(of: data) }
        if let owners = data.recordedEdits?.unattachedOwners, !owners.isEmpty { insertOwners(owners, of: data) }
        queueAutosaveIfEnabled()
    }

    /// Marks a model for deletion at the next save; an unsaved new model is simply forgotten.
    ///
    /// A model of another context stops the process, as in Core Data: models do not move between
    /// contexts; identifiers do.
    public func delete<T: PersistentModel>(_ model: T) {
        checkQueue("ModelContext.delete(_:)")
        let data = model.backingData
        if let owner = data.modelContext, owner !== self {
            fatalError("\(data.entity.name) \(data.persistentModelID) belongs to another context ('\(owner.queueLabel)'): delete it there, or pass its persistentModelID and delete the model fetched in this one.")
        }
        guard data.modelContext === self, !data.isDeleted else { return }
        let key = ObjectIdentifier(data)
        if data.has(BackingData.Flag.inserted) {
            insertedObjects.removeAll { $0.backingData === data }
            newModelsByIdentifier?[data.persistentModelID] = nil
            registered[data.persistentModelID] = nil  // one given a permanent identifier early
            data.set(BackingData.Flag.deleted | BackingData.Flag.detached, true)
            data.set(BackingData.Flag.changed | BackingData.Flag.inserted | BackingData.Flag.registered, false)
            if !data.relations.isEmpty { propagateDeletion(ofNew: data) }
            return
        }
        deletedObjects[key] = model
        data.set(BackingData.Flag.deleted | BackingData.Flag.changed, true)
        queueAutosaveIfEnabled()
    }

    /// Whether anything was inserted, changed or deleted since the last save.
    public var hasChanges: Bool {
        checkQueue("ModelContext.hasChanges")
        return !insertedObjects.isEmpty || !updatedObjects.isEmpty || !deletedObjects.isEmpty
    }

    /// The models inserted since the last save, in insertion order.
    public var insertedModels: [any PersistentModel] {
        checkQueue("ModelContext.insertedModels")
        return insertedObjects
    }

    /// The saved models changed since the last save (deleted ones excluded).
    public var changedModels: [any PersistentModel] {
        checkQueue("ModelContext.changedModels")
        return updatedObjects.filter { deletedObjects[$0.key] == nil }.map(\.value)
    }

    /// The models marked for deletion at the next save.
    public var deletedModels: [any PersistentModel] {
        checkQueue("ModelContext.deletedModels")
        return Array(deletedObjects.values)
    }

    /// Discards every unsaved change: inserted models are forgotten, changed ones get back the
    /// values last read from the store, deleted ones come back.
    public func rollback() {
        checkQueue("ModelContext.rollback()")
        for model in insertedObjects {
            let data = model.backingData
            registered[data.persistentModelID] = nil
            data.set(BackingData.Flag.detached, true)
            data.set(BackingData.Flag.changed | BackingData.Flag.inserted | BackingData.Flag.registered, false)
        }
        for model in updatedObjects.values {
            model.backingData.discardChanges()
        }
        for model in deletedObjects.values {
            model.backingData.set(BackingData.Flag.deleted | BackingData.Flag.changed, false)
        }
        clearChangeTracking()
        notifyObservers(.refreshed(entity: nil))
    }

    /// Forgets every registered model and every unsaved change: the context starts empty.
    ///
    /// Models fetched before a reset are invalid afterwards, as Core Data warns ("you should
    /// ensure that you also discard references to any managed objects fetched using the receiver,
    /// since they will be invalid afterwards"): touching one stops the process. Keep their
    /// identifiers and fetch them again.
    public func reset() {
        checkQueue("ModelContext.reset()")
        advanceQueryGeneration()
        for model in allRegisteredModels {
            model.backingData.invalidate(.contextReset)
        }
        registered.removeAll()
        clearChangeTracking()
        notifyObservers(.reset)
    }

    func clearChangeTracking() {
        insertedObjects.removeAll()
        newModelsByIdentifier = nil
        updatedObjects.removeAll()
        deletedObjects.removeAll()
    }

    // MARK: Called by BackingData

    /// Records that a registered, saved object changed.
    func noteChange(of data: BackingData) {
        guard !data.has(BackingData.Flag.inserted) else { return }
        let key = ObjectIdentifier(data)
        guard updatedObjects[key] == nil, let model = registeredModel(identifiedBy: data.persistentModelID) else { return }
        updatedObjects[key] = model
        data.set(BackingData.Flag.changed, true)
        queueAutosaveIfEnabled()
    }
}
