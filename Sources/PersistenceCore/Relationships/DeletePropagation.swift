extension ModelContext {
    /// Applies the delete rules of the pending deletions now: a cascade's models join the deleted
    /// ones, and a nullified relationship forgets the deleted models, before any save.
    ///
    /// Core Data's `processPendingChanges()` "forces the context to process changes to the object
    /// graph", delete propagation among them (see "When delete rules run" in the differences
    /// article); SwiftData's documents only its other part, recording changes with the undo
    /// manager, which this library does not have. As in Core Data, a fetch or a count that
    /// includes pending changes, and a save, call it first: after `delete(trip)`, a fetch of
    /// the stops no longer finds the ones the cascade takes, and their `isDeleted` is true.
    ///
    /// A `.deny` rule that would refuse is left to the save, which throws
    /// ``ModelError/deleteDenied(entity:relationship:count:)`` (Core Data validates it there too);
    /// nothing else is applied then, as the rules apply all together or not at all.
    public func processPendingChanges() {
        checkQueue("ModelContext.processPendingChanges()")
        do {
            try propagateDeletions()
        } catch {
            // `.deny` refused: the save reports it, with nothing applied in memory or the store.
        }
    }

    /// Applies the delete rules of every model marked for deletion, at the start of a save and
    /// before anything is written, so that the save writes their effects in the same transaction.
    ///
    /// 1. `.cascade`: the related models are marked for deletion too, and so on down the graph.
    /// 2. `.deny`: if a model to delete still relates to one that is not being deleted, the save
    ///    throws ``ModelError/deleteDenied(entity:relationship:count:)`` and nothing changes, in
    ///    memory or in the store; the deletion stays pending.
    /// 3. `.nullify`: each related model that stays forgets the deleted one (its inverse changes,
    ///    so it is written too).
    /// 4. `.noAction`: nothing; the related models keep pointing at a row that will be gone.
    ///
    /// The four meanings are Core Data's ("Relationship Delete Rules", Core Data Programming
    /// Guide). Core Data applies them when it processes pending changes: before a fetch or a count
    /// that includes them, before a save, and at the end of the event in which the object was
    /// deleted; here at the first three, or when ``processPendingChanges()`` is called (the
    /// event's end is listed in the differences from Core Data).
    func propagateDeletions() throws(ModelError) {
        guard deletedObjects.values.contains(where: { !$0.backingData.relations.isEmpty }) else { return }
        var doomed = deletedObjects
        var pending = Array(deletedObjects.values)
        while let model = pending.popLast() {
            let data = model.backingData
            for (index, relationship) in data.entity.relationships.enumerated() where relationship.deleteRule == .cascade {
                for member in loadedMembers(of: data, at: index) where doomed[ObjectIdentifier(member.backingData)] == nil {
                    doomed[ObjectIdentifier(member.backingData)] = member
                    pending.append(member)
                }
            }
        }
        for model in doomed.values {
            let data = model.backingData
            for (index, relationship) in data.entity.relationships.enumerated() where relationship.deleteRule == .deny {
                let staying = loadedMembers(of: data, at: index).count { doomed[ObjectIdentifier($0.backingData)] == nil }
                if staying > 0 { throw .deleteDenied(entity: data.entity.name, relationship: relationship.name, count: staying) }
            }
        }
        for (key, model) in doomed where deletedObjects[key] == nil {
            delete(model)
        }
        for model in doomed.values {
            let data = model.backingData
            for (index, relationship) in data.entity.relationships.enumerated() where relationship.deleteRule == .nullify {
                guard let inverse = relationshipSQL(of: data, at: index).inverseIndex else { continue }
                for member in loadedMembers(of: data, at: index) where doomed[ObjectIdentifier(member.backingData)] == nil {
                    remove(data, fromRelationship: inverse, of: member.backingData)
                }
            }
        }
    }

    /// Applies the delete rules of a model that was never saved, at once: it is forgotten now, so
    /// nothing would be left to apply them at the save. Its `.cascade` members are deleted too,
    /// and the others forget it. A `.deny` rule cannot refuse here (deleting does not throw): the
    /// members forget it, as with `.nullify` (listed in the differences from Core Data).
    func propagateDeletion(ofNew data: BackingData) {
        for (index, relationship) in data.entity.relationships.enumerated() {
            let members = data.relations[index].members
            guard !members.isEmpty else { continue }
            if relationship.deleteRule == .cascade {
                for member in members where !member.backingData.isDeleted { delete(member) }
            } else if relationship.deleteRule != .noAction, let inverse = relationshipSQL(of: data, at: index).inverseIndex {
                for member in members where member.backingData.modelContext === self {
                    remove(data, fromRelationship: inverse, of: member.backingData)
                }
            }
        }
    }
}
