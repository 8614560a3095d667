extension ModelContext {
    /// Sets relationship `index` of `data` to `newValue`, and keeps every inverse in step at once,
    /// before any save, as Core Data does: `stop.trip = lisbon` also puts the stop in
    /// `lisbon.stops` and takes it out of its previous trip's.
    ///
    /// Each side whose relationship changes is loaded first (its fault fires) and marked
    /// changed: both rows are written at the next save, and optimistic locking covers both.
    func relate(_ data: BackingData, at index: Int, to newValue: [any PersistentModel]) {
        let relationship = relationshipSQL(of: data, at: index)
        for model in newValue {
            adopt(model, relatedBy: relationship.relationship.name, to: data)
        }
        var kept = Set<ObjectIdentifier>()
        let members = newValue.filter { kept.insert(ObjectIdentifier($0.backingData)).inserted }
        let old = loadedMembers(of: data, at: index)
        let was = Set(old.map { ObjectIdentifier($0.backingData) })
        guard was != kept else {
            if relationship.relationship.isToMany { data.relations[index] = .toMany(members) }  // a new order only
            return
        }
        guard let inverse = relationship.inverseIndex else {
            store(members, in: data, at: index)
            return
        }
        let removed = old.filter { !kept.contains(ObjectIdentifier($0.backingData)) }
        let added = members.filter { !was.contains(ObjectIdentifier($0.backingData)) }
        // Each other side that changes is read before this side does: read afterwards, it would
        // already count this change (this context's pending changes are part of what a load
        // sees), look unchanged, and be neither saved nor reported as updated to other contexts.
        for model in removed + added {
            _ = loadedMembers(of: model.backingData, at: inverse)
        }
        store(members, in: data, at: index)
        for model in removed {
            remove(data, fromRelationship: inverse, of: model.backingData)
        }
        for model in added {
            attach(data, toInverse: inverse, of: model.backingData, forwardIndex: index)
        }
    }

    /// Completes the relationships of a new object being inserted: its related models are
    /// inserted too (SwiftData: "the context recognizes the hierarchy and automatically handles
    /// the insertion of the related models"), and their inverses learn of it.
    func completeRelationships(of data: BackingData) {
        for index in data.relations.indices {
            let members = data.relations[index].members
            guard !members.isEmpty else { continue }
            let relationship = relationshipSQL(of: data, at: index)
            for model in members {
                adopt(model, relatedBy: relationship.relationship.name, to: data)
            }
            // Marked changed after the other sides learn of it, for the reason `relate` reads them
            // first: a load would otherwise count this change already, and not mark them.
            defer { data.changedRelationships.insert(index) }
            guard let inverse = relationship.inverseIndex else { continue }
            for model in members {
                attach(data, toInverse: inverse, of: model.backingData, forwardIndex: index)
            }
        }
    }

    /// Inserts the models, in no context yet, whose relationships were set to hold `data` before
    /// it was inserted: `Shelf(name: "Poetry", volumes: [volume])`, then `insert(volume)`, stores
    /// the shelf too, and `volume.shelf` is the shelf. SwiftData inserts a graph from any of its
    /// models ("the context recognizes the hierarchy and automatically handles the insertion of
    /// the related models", `ModelContext`'s documentation).
    ///
    /// An owner still holds `data` unless its relationship was set again before the insertion.
    /// The owner was made by its initializer, which set the relationship before `self` existed,
    /// so the context knows it only by its backing data: it registers a model of the owner's
    /// class over that backing data, which the owner's own object shares (equal to it, as
    /// models are equal by backing data; listed in the differences article).
    func insertOwners(_ owners: [UnattachedOwner], of data: BackingData) {
        data.edits.unattachedOwners = []
        for owner in owners where owner.data.link == nil && !owner.data.has(BackingData.Flag.invalidated)
            && owner.data.relations[owner.index].members.contains(where: { $0.backingData === data }) {
            guard let type = container.modelTypes.type(named: owner.data.entity.name) else {
                fatalError("\(owner.data.entity.name) is not in the container's schema: list it in ModelContainer(for:)")
            }
            insert(model(of: type, sharing: owner.data))
        }
    }

    /// A model of class `type` over `data`, a new model's backing data no context has taken.
    private func model<T: PersistentModel>(of type: T.Type, sharing data: BackingData) -> T {
        BackingData.adopted(Unmanaged.passRetained(data)) { T(backingData: $0) }
    }

    // MARK: One side at a time

    /// Makes `member`'s relationship `inverse` include `owner`. A to-one inverse that pointed
    /// elsewhere is moved: the previous owner loses `member` from relationship `forwardIndex`.
    private func attach(_ owner: BackingData, toInverse inverse: Int, of member: BackingData, forwardIndex: Int) {
        let current = loadedMembers(of: member, at: inverse)
        guard !current.contains(where: { $0.backingData === owner }), let ownerModel = registeredModel(of: owner) else { return }
        if member.entity.relationships[inverse].isToMany {
            store(current + [ownerModel], in: member, at: inverse)
        } else {
            store([ownerModel], in: member, at: inverse)
            if let previous = current.first?.backingData {
                remove(member, fromRelationship: forwardIndex, of: previous)
            }
        }
    }

    /// Takes `member` out of `owner`'s relationship `index`.
    func remove(_ member: BackingData, fromRelationship index: Int, of owner: BackingData) {
        let current = loadedMembers(of: owner, at: index)
        guard current.contains(where: { $0.backingData === member }) else { return }
        store(current.filter { $0.backingData !== member }, in: owner, at: index)
    }

    /// Puts `members` in `data`'s relationship `index` and records the change: a to-one
    /// relationship's column value follows (the related row's key, or NULL until a new related
    /// object gets its key at the save).
    private func store(_ members: [any PersistentModel], in data: BackingData, at index: Int) {
        if data.entity.relationships[index].isToMany {
            if !data.changedRelationships.contains(index) {
                data.relationBaselines[index] = data.relations[index].members  // as read, before the first change
            }
            data.relations[index] = .toMany(members)
        } else {
            data.relations[index] = .toOne(members.first)
            if let valueIndex = data.entity.valueIndex(ofRelationship: index) {
                let key = members.first?.backingData.persistentModelID.primaryKey
                data.values[valueIndex] = key.map { .integer($0) } ?? .null
                data.changedAttributes.insert(valueIndex)
            }
        }
        data.changedRelationships.insert(index)
        noteChange(of: data)
    }

    /// What relationship `index` of `data` holds, loading it first if it is a fault.
    func loadedMembers(of data: BackingData, at index: Int) -> [any PersistentModel] {
        if data.isFault, data.modelContext === self { fulfillFault(data) }
        if data.relations[index].isFault { loadRelationship(index, of: data) }
        return data.relations[index].members
    }

    /// Brings `model` into this context for a relationship of `data`: a model no context has
    /// taken is inserted here; a model of another context stops the process, with Core Data's
    /// words ("Illegal attempt to establish a relationship … between objects in different contexts").
    private func adopt(_ model: any PersistentModel, relatedBy name: String, to data: BackingData) {
        let member = model.backingData
        if member.has(BackingData.Flag.invalidated) {
            fatalError(member.invalidationMessage(touching: "\(data.entity.name).\(name) set"))
        }
        if let owner = member.modelContext, owner !== self {
            fatalError("Illegal attempt to establish a relationship '\(name)' between objects in different contexts (source = \(data.entity.name) \(data.persistentModelID) in '\(queueLabel)', destination = \(member.entity.name) \(member.persistentModelID) in '\(owner.queueLabel)'): pass the destination's persistentModelID and use the model fetched in this context.")
        }
        if member.modelContext == nil || !member.has(BackingData.Flag.registered) {
            insert(model)
        }
    }

    /// The registered model whose backing data is `data`.
    private func registeredModel(of data: BackingData) -> (any PersistentModel)? {
        registeredModel(identifiedBy: data.persistentModelID)
    }

    /// Where relationship `index` of `data`'s entity lives in the store, its inverse resolved.
    func relationshipSQL(of data: BackingData, at index: Int) -> RelationshipSQL {
        entitySQL(named: data.entity.name).relationships[index]
    }

    /// The statements of an entity registered in this context (it is in the schema, or the
    /// object could not have been registered).
    func entitySQL(named name: String) -> EntitySQL {
        guard let sql = try? container.store.sql(for: name) else {
            fatalError("\(name) is not in the container's schema: list it in ModelContainer(for:)")
        }
        return sql
    }
}
