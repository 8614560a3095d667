/// What merging another context's save does to relationships
/// (`Merging/ModelContext+Merging.swift` calls these for each refreshed or deleted model).
extension ModelContext {
    /// After another context's save was merged: every relationship not changed here reads the
    /// store again on next access. A changed to-many relationship is read again now, and this
    /// context's additions and removals (against what it had read, its baseline) are put back
    /// on top: it shows the other context's members and this one's changes together, as Core
    /// Data's merge does. A changed to-one relationship keeps what this context set.
    func refaultRelationshipsAfterMerge(of data: BackingData) {
        for index in data.relations.indices {
            guard data.changedRelationships.contains(index) else {
                data.relations[index] = .fault
                continue
            }
            guard data.entity.relationships[index].isToMany, let baseline = data.relationBaselines[index] else { continue }
            let current = data.relations[index].members
            data.relations[index] = .fault
            loadRelationship(index, of: data)
            let stored = data.relations[index].members
            func contains(_ models: [any PersistentModel], _ model: any PersistentModel) -> Bool {
                models.contains { $0.backingData === model.backingData }
            }
            let removed = baseline.filter { !contains(current, $0) }
            let added = current.filter { !contains(baseline, $0) }
            let merged = stored.filter { !contains(removed, $0) }
            data.relations[index] = .toMany(merged + added.filter { !contains(merged, $0) })
            data.relationBaselines[index] = stored
        }
    }

    /// After a merge moved `data` from one related row to another (a to-one column changed from
    /// `before`), the registered models on both ends read their side again: the stop another
    /// context moved leaves this context's old trip's `stops` and joins the new one's.
    func refreshInverses(of data: BackingData, before: RowValues) {
        for index in data.relations.indices {
            guard let valueIndex = data.entity.valueIndex(ofRelationship: index), before[valueIndex] != data.values[valueIndex],
                  relationshipSQL(of: data, at: index).inverseIndex != nil
            else { continue }
            let destination = entitySQL(named: data.entity.relationships[index].destination)
            for case .integer(let key) in [before[valueIndex], data.values[valueIndex]] {
                guard let target = registeredModel(primaryKey: key, ofKind: destination)?.backingData, !target.isFault else { continue }
                refaultRelationshipsAfterMerge(of: target)
            }
        }
    }

    /// Takes a model another context deleted out of the loaded relationships of the models
    /// related to it here, before it is invalidated: after a merge, a trip's `stops` no longer
    /// list a deleted stop, and a new stop no longer points at a deleted trip. A change this
    /// context had not made is no change to save; a related model's own unsaved change to that
    /// relationship stays one (its column follows).
    ///
    /// The models to correct are found from both sides: those the deleted model's loaded
    /// relationships list, and those with unsaved changes that point at it (the deleted model's
    /// side may be a fault again after an earlier merge).
    func detachFromRelatedModels(_ data: BackingData) {
        var related: [(member: BackingData, index: Int)] = []
        for index in data.relations.indices where !data.relations[index].isFault {
            guard let inverse = relationshipSQL(of: data, at: index).inverseIndex else { continue }
            related += data.relations[index].members.map { ($0.backingData, inverse) }
        }
        for model in modelsWithUnsavedChanges {
            let member = model.backingData
            for index in member.changedRelationships where member.entity.relationships[index].destination == data.entity.name {
                related.append((member, index))
            }
        }
        for (member, index) in related {
            guard !member.relations[index].isFault,
                  member.relations[index].members.contains(where: { $0.backingData === data })
            else { continue }
            let kept = member.relations[index].members.filter { $0.backingData !== data }
            if member.entity.relationships[index].isToMany {
                member.relations[index] = .toMany(kept)
            } else {
                member.relations[index] = .toOne(nil)
                if let valueIndex = member.entity.valueIndex(ofRelationship: index) { member.values[valueIndex] = .null }
            }
        }
    }
}
