extension ModelContext {
    /// What this context's children see through it: the view of the contexts above it, with its
    /// own unsaved changes laid over. Runs on this context's queue.
    func viewForChildren() -> ParentView {
        var view = parentView() ?? ParentView()
        var mine = ParentView()
        for model in modelsWithUnsavedChanges {
            let data = model.backingData
            guard !data.isDeleted, !data.isFault else { continue }
            let isInserted = data.has(BackingData.Flag.inserted)
            var relations: [Int: [PersistentIdentifier]] = [:]
            for index in data.relations.indices where !data.relations[index].isFault
                && (isInserted || data.changedRelationships.contains(index)) {
                relations[index] = data.relations[index].members.map(\.persistentModelID)
            }
            let identifier = data.persistentModelID
            mine.objects[identifier] = ParentView.Object(identifier: identifier, values: data.values, version: data.version,
                                                         relations: relations, isInserted: isInserted)
            mine.order.append(identifier)
        }
        for model in deletedObjects.values {
            mine.deleted.insert(model.backingData.persistentModelID)
        }
        view.overlay(mine)
        return view
    }

    /// What the parent holds with unsaved changes, read on the parent's queue (a `performAndWait`
    /// on it, as Core Data fetches through a parent); nil for a context of the store.
    ///
    /// > Warning: The wait is the classic nested-context deadlock when the parent's queue is
    /// > itself waiting for this context (a `performAndWait` on the child from the parent's queue
    /// > while the child's queue is busy).
    func parentView() -> ParentView? {
        guard let parent else { return nil }
        return parent.performAndWait { parent.viewForChildren() }
    }

    /// The registered model for a model the parent holds, or one registered now with the
    /// parent's values.
    func materialize(_ viewed: ParentView.Object) -> any PersistentModel {
        let row = EntitySQL.Row(primaryKey: viewed.identifier.primaryKey ?? 0, version: viewed.version, values: viewed.values)
        if let model = registeredModel(identifiedBy: viewed.identifier) {
            if model.backingData.isFault { fill(model.backingData, with: row) }
            return model
        }
        guard let type = container.modelTypes.type(named: viewed.identifier.entityName) else {
            fatalError("the parent holds \(viewed.identifier), but the container's schema has no entity '\(viewed.identifier.entityName)'")
        }
        return register(type, identifier: viewed.identifier, row: row)
    }
}
