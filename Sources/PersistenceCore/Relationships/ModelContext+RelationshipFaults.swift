extension ModelContext {
    /// Fires the fault of relationship `index` of `data`: reads which rows it relates to and
    /// puts their models in it (registered ones, or faults that load on first access).
    ///
    /// A to-one relationship needs no query: its key is in the row. A to-many one reads the
    /// destination's rows that point back, or the join table. Touching one of the models later
    /// loads its row; a row that is gone by then is the legible crash of
    /// ``fulfillFault(_:)``. Reading each trip's stops this way is one query per trip (the
    /// N+1 pattern); ``FetchDescriptor/relationshipKeyPathsForPrefetching`` reads them for
    /// every fetched trip at once.
    func loadRelationship(_ index: Int, of data: BackingData) {
        // A child reads through its parent: the members the parent holds, or the store's with
        // what the contexts above changed (`Nesting/ModelContext+RelationshipsThroughParent.swift`).
        let view = parentView()
        if let members = view?.objects[data.persistentModelID]?.relations[index] {
            let models = members.map { registeredOrFault($0) }
            data.relations[index] = data.entity.relationships[index].isToMany ? .toMany(models) : .toOne(models.first)
            return
        }
        let relationship = relationshipSQL(of: data, at: index)
        let destination = entitySQL(named: relationship.relationship.destination)
        switch relationship.storage {
        case .column(let valueIndex):
            guard case .integer(let key) = data.values[valueIndex] else {
                data.relations[index] = .toOne(nil)
                return
            }
            let related = relatedIdentifiers([key], in: destination, of: data, index)[0]
            data.relations[index] = .toOne(view?.deleted.contains(related) == true ? nil : registeredOrFault(related))
        case .inverseColumn, .joinTable:
            guard let primaryKey = data.persistentModelID.primaryKey, let query = relationship.selectRelatedKeys else {
                data.relations[index] = .toMany([])  // never saved: nothing in the store relates to it
                return
            }
            let keys: [Int64]
            do {
                keys = try readStore { (connection) throws(ModelError) -> [Int64] in
                    let statement = try connection.cachedStatement(query)
                    try statement.bind(.integer(primaryKey), at: 1)
                    var keys: [Int64] = []
                    while try statement.step() { keys.append(statement.int64(0)) }
                    return keys
                }
            } catch {
                fatalError("could not fulfill the fault of \(data.entity.name).\(relationship.relationship.name) for \(data.persistentModelID): \(error)")
            }
            var identifiers = relatedIdentifiers(keys, in: destination, of: data, index)
            if let view {
                identifiers = members(identifiers, of: data.persistentModelID, correctedBy: view,
                                      inverse: relationship.inverseIndex, destination: destination.entity.name)
            }
            let stored = RelatedModels(identifiers.map { registeredOrFault($0) })
            data.relations[index] = .toMany(withPendingChanges(stored, of: data, inverse: relationship.inverseIndex, destination: destination.entity.name))
        }
    }

    /// The identifiers of the related rows `keys` (see ``identifiers(ofKeys:in:)``); a read that
    /// fails stops the process, as a fault that cannot be fulfilled does.
    private func relatedIdentifiers(_ keys: [Int64], in destination: EntitySQL, of data: BackingData, _ index: Int) -> [PersistentIdentifier] {
        do {
            return try identifiers(ofKeys: keys, in: destination)
        } catch {
            fatalError("could not fulfill the fault of \(data.entity.name).\(data.entity.relationships[index].name) for \(data.persistentModelID): \(error)")
        }
    }

    /// What the store lists as members, corrected by this context's unsaved changes: a model whose
    /// own side of the relationship changed here says whether it belongs (it was moved to this
    /// object, or away from it, and not saved yet), as fetches count pending changes.
    func withPendingChanges(_ stored: RelatedModels, of data: BackingData, inverse: Int?,
                            destination: String) -> RelatedModels {
        guard let inverse, !updatedObjects.isEmpty || !insertedObjects.isEmpty else { return stored }
        var members = stored.models
        for model in modelsWithUnsavedChanges {
            let member = model.backingData
            // Only a loaded side says anything (a merge may have made it a fault again).
            guard member.entity.isKind(of: destination), member.changedRelationships.contains(inverse),
                  !member.relations[inverse].isFault else { continue }
            let pointsHere = member.relations[inverse].members.contains { $0.backingData === data }
            let listed = members.contains { $0.backingData === member }
            if pointsHere && !listed { members.append(model) }
            if !pointsHere && listed { members.removeAll { $0.backingData === member } }
        }
        return RelatedModels(members)
    }

    /// The changed and the inserted models: the ones whose own side of a relationship may say
    /// something the store does not know yet.
    var modelsWithUnsavedChanges: [any PersistentModel] {
        Array(updatedObjects.values) + insertedObjects
    }
}
