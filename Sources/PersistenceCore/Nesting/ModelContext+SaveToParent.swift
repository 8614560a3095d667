import Foundation

extension ModelContext {
    /// A child's save: its changes go into its parent, and no further (Core Data: "changes are
    /// only committed 'one store up.' If you save a child context, changes are pushed to its
    /// parent"). The parent then holds them as its own unsaved changes; its save writes them.
    ///
    /// No merge policy runs: the child's values replace the parent's for what the child changed
    /// (merge policies resolve conflicts with the persistent store, `NSMergePolicy`'s
    /// documentation says; a child's save into its parent is not one). The parent's own save
    /// later checks each row against the version read, as every save to the store does.
    ///
    /// New models keep their temporary identifiers, in the child and in the parent, until the
    /// root saves; then only the parent's models get permanent ones. Give them permanent
    /// identifiers before the child saves (``obtainPermanentIdentifiers(for:)``) to hand them on.
    func saveToParent(_ parent: ModelContext) throws {
        try propagateDeletions()
        var save = ChildSave()
        let inserted = insertedObjects.map(\.backingData)
        let updated = updatedObjects.compactMap { key, model in deletedObjects[key] == nil ? model.backingData : nil }
        let deleted = deletedObjects.values.map(\.backingData)
        save.inserted = inserted.map { ChildSave.object($0, isNew: true) }
        save.updated = updated.map { ChildSave.object($0, isNew: false) }
        save.deleted = deleted.map(\.persistentModelID)
        let changes = save.changes
        try TraceRecorder.span(.save, on: self) { saveEvent in
            try parent.runAndWait { try parent.takeIn(save, changes: changes, flowingFrom: saveEvent) }
        }
        // What was pushed is now what the parent holds: the child's models are clean.
        for data in inserted + updated {
            data.takeSaved(data.values, version: data.version)
        }
        for data in deleted {
            forget(data, because: .deletedAndSaved)
        }
        // Pushed, the new models are new here no longer, but stay registered under their identifiers.
        registerNewModelsAsStored()
        clearChangeTracking()
        notifyObservers(.saved(changes))
        TraceRecorder.instant(.didSave, on: self)
        container.postDidSave(changes, from: self)
        mergingChildren.merge(changes)
    }

    /// Takes a child's saved changes in as this context's own unsaved ones. Checks first that
    /// every model the child changed or deleted is still here, and changes nothing if one is not.
    /// `changes` are the save's identifiers, as its did-save reports them. A trace draws it as a
    /// merge into this context, with an arrow from the child's save.
    func takeIn(_ save: ChildSave, changes: ModelContext.Changes, flowingFrom saveEvent: UInt64) throws {
        try TraceRecorder.span(.merge(changes), on: self, flowsFrom: [saveEvent]) { _ in try takeIn(save, changes: changes) }
    }

    private func takeIn(_ save: ChildSave, changes: ModelContext.Changes) throws {
        var models: [PersistentIdentifier: any PersistentModel] = [:]
        var heldBefore = Set<PersistentIdentifier>()
        for identifier in save.updated.map(\.identifier) + save.deleted {
            if let model = registeredModel(identifiedBy: identifier) {
                guard !model.backingData.isDeleted else { throw ModelError.modelNotFound(identifier) }
                models[identifier] = model
                heldBefore.insert(identifier)
            } else if let row = try loadRow(of: identifier), let type = container.modelTypes.type(named: identifier.entityName) {
                models[identifier] = register(type, identifier: identifier, row: row)
            } else {
                throw ModelError.modelNotFound(identifier)
            }
        }
        // New models first: a change may relate to one.
        for object in save.inserted {
            models[object.identifier] = registeredModel(identifiedBy: object.identifier) ?? insertNew(object)
        }
        for object in save.updated {
            guard let data = models[object.identifier]?.backingData else { continue }
            for index in object.attributes {
                data.setStoredValue(object.values[index], at: index)
            }
            if !heldBefore.contains(object.identifier), object.version != 0 { data.version = object.version }
        }
        for object in save.inserted + save.updated {
            guard let data = models[object.identifier]?.backingData else { continue }
            for (index, members) in object.relations.sorted(by: { $0.key < $1.key }) {
                relate(data, at: index, to: members.map { models[$0] ?? registeredOrFault($0) })
            }
        }
        for identifier in save.deleted {
            if let model = models[identifier] { delete(model) }
        }
        notifyObservers(.merged(changes))
    }

    /// A model a child inserted, registered here as this context's own new model, under the
    /// child's identifier.
    private func insertNew(_ object: ChildSave.Object) -> any PersistentModel {
        guard let type = container.modelTypes.type(named: object.identifier.entityName) else {
            fatalError("a child saved \(object.identifier), but the container's schema has no entity '\(object.identifier.entityName)'")
        }
        // New here: filed as a new model (ModelContext+Uniquing.swift), not as a stored row.
        let model = makeRegisteredModel(type, identifier: object.identifier, values: object.values, version: 0)
        let data = model.backingData
        data.values = object.values  // unsaved: written here, never read from the store
        data.cachedValues = nil
        data.relations = data.entity.relationships.map { $0.isToMany ? .toMany([]) : .toOne(nil) }
        addNewModel(model, identifier: object.identifier)
        data.set(BackingData.Flag.inserted | BackingData.Flag.changed, true)
        return model
    }
}
