/// What one relationship of an object holds in memory.
@usableFromInline
enum RelationSlot {
    /// Not loaded: the first access reads it (a relationship fault).
    case fault
    /// A to-one relationship's model, or nil.
    case toOne((any PersistentModel)?)
    /// A to-many relationship's models (see `FastPaths/RelatedModels.swift`).
    case toMany(RelatedModels)

    /// A to-many relationship holding `models`.
    static func toMany(_ models: [any PersistentModel]) -> RelationSlot {
        .toMany(RelatedModels(models))
    }

    /// The related models, none for a fault.
    @usableFromInline
    var members: [any PersistentModel] {
        switch self {
        case .fault: []
        case .toOne(let model): model.map { [$0] } ?? []
        case .toMany(let models): models.models
        }
    }

    /// The first related model, if any: a to-one relationship's.
    @usableFromInline
    var first: (any PersistentModel)? {
        switch self {
        case .fault: nil
        case .toOne(let model): model
        case .toMany(let models): models.first
        }
    }

    var isFault: Bool {
        if case .fault = self { true } else { false }
    }
}

/// The relationship accessors: the same single path as attributes (``BackingData/getValue(at:)``).
///
/// A relationship get or set is checked by the queue rule exactly like an attribute's
/// (``ConcurrencyDebug``, ``AccessPolicy``), fires the object's fault, and records the change for
/// the next save. A relationship is itself a fault until first touched: the first read loads
/// it from the store (`ModelContext+RelationshipFaults.swift`). Setting one side keeps the
/// inverse in step at once, before any save, as Core Data does (`ModelContext+Inverses.swift`).
extension BackingData {
    // Inlinable, as getValue(at:) and setValue(_:at:) are: each model's accessors get a copy for
    // their own target type, instead of a generic call that asks the runtime for metadata on every
    // access (and, for every fetched row, on the `= nil` or `= []` default its initializer writes).

    /// Reads to-one relationship `index`; the body of every generated to-one getter.
    @inlinable
    public func getRelationship<Target: PersistentModel>(at index: Int) -> Target? {
        guard let model = loadedRelation(at: index).first else { return nil }
        guard let typed = Self.cast(model, to: Target.self) else { relationshipTypeMismatch(at: index, holding: model, expected: Target.self) }
        return typed
    }

    /// Reads to-many relationship `index`; the body of every generated to-many getter.
    @inlinable
    public func getRelationship<Target: PersistentModel>(at index: Int) -> [Target] {
        let relation = loadedRelation(at: index)
        // Members all of exactly the target class: the array the relationship holds.
        if case .toMany(let members) = relation, let typed = members.typed(as: Target.self) { return typed }
        return Self.castAll(relation.members, to: Target.self) { model in
            relationshipTypeMismatch(at: index, holding: model, expected: Target.self)
        }
    }

    /// Writes to-one relationship `index`; the body of every generated to-one setter.
    @inlinable
    public func setRelationship<Target: PersistentModel>(_ newValue: Target?, at index: Int) {
        if isAdopting { return }  // see setRelatedModels(_:at:)
        setRelatedModels(newValue.map { [$0] } ?? [], at: index)
    }

    /// Writes to-many relationship `index`; the body of every generated to-many setter.
    @inlinable
    public func setRelationship<Target: PersistentModel>(_ newValue: [Target], at index: Int) {
        if isAdopting { return }
        setRelatedModels(newValue, at: index)
    }

    // SwiftData's two other shapes: a to-one relationship that is not optional (`var trip: Trip`)
    // and a to-many one that is (`var stops: [Stop]?`, as CloudKit asks). The store keeps them as
    // the shapes above; only what the accessors hand out differs.

    /// Reads a non-optional to-one relationship; one that holds no model (never set on a new
    /// model, or nullified by a deletion) stops the process saying so, as a nil where the type
    /// promises a model cannot be handed out.
    @inlinable
    public func getRelationship<Target: PersistentModel>(at index: Int) -> Target {
        guard let model: Target = getRelationship(at: index) else { missingRequiredRelationship(at: index) }
        return model
    }

    /// Reads an optional to-many relationship: the related models, `[]` when there are none (a
    /// to-many relationship holds a set, as Core Data's, never nil).
    @inlinable
    public func getRelationship<Target: PersistentModel>(at index: Int) -> [Target]? {
        getRelationship(at: index) as [Target]
    }

    /// Writes a non-optional to-one relationship.
    @inlinable
    public func setRelationship<Target: PersistentModel>(_ newValue: Target, at index: Int) {
        setRelationship(Optional(newValue), at: index)
    }

    /// Writes an optional to-many relationship; nil empties it.
    @inlinable
    public func setRelationship<Target: PersistentModel>(_ newValue: [Target]?, at index: Int) {
        setRelationship(newValue ?? [], at: index)
    }

    // MARK: The checked path

    /// What relationship `index` holds, loaded, once the queue rule is checked and the faults (the
    /// object's, then the relationship's) fired.
    @usableFromInline
    func loadedRelation(at index: Int) -> RelationSlot {
        guard let link else { return relations[index] }  // a new object no context has taken
        if has(Flag.invalidated) { trapInvalidatedAccess(to: entity.relationships[index].name, isWrite: false) }
        guard let context = link.context else {
            if relations[index].isFault { fatalError("could not fulfill the fault of \(entity.name).\(entity.relationships[index].name) for \(persistentModelID): its context no longer exists") }
            return relations[index]
        }
        if QueueWatchdog.checksAccess(through: link),
           QueueWatchdog.access(entity.relationships[index].name, of: self, on: context, isWrite: false) == .hop {
            return context.hopSynchronously { self.loadedRelation(at: index) }
        }
        if isFault { context.fulfillFault(self) }
        if relations[index].isFault { context.loadRelationship(index, of: self) }
        return relations[index]
    }

    /// Replaces what relationship `index` holds, once the queue rule is checked; the inverse
    /// follows (see `ModelContext+Inverses.swift`).
    @usableFromInline
    func setRelatedModels(_ newValue: [any PersistentModel], at index: Int) {
        // A default value written by a model's initializer while it adopts a stored row: the
        // row's relationships win (they load on first access).
        if has(Flag.adopting) { return }
        guard let link, let context = link.context, !isDetached else {
            if has(Flag.invalidated) { trapInvalidatedAccess(to: entity.relationships[index].name, isWrite: true) }
            // Not in a context yet: this side only, and each related model in no context
            // remembers it. Inserting either side completes the inverses and inserts the rest of
            // the graph (SwiftData's rule for a graph of new models).
            relations[index] = entity.relationships[index].isToMany ? .toMany(newValue) : .toOne(newValue.first)
            for member in newValue where member.backingData.link == nil && member.backingData !== self {
                member.backingData.edits.unattachedOwners.append(UnattachedOwner(data: self, index: index))
            }
            return
        }
        if QueueWatchdog.checksAccess(through: link),
           QueueWatchdog.access(entity.relationships[index].name, of: self, on: context, isWrite: true) == .hop {
            return context.hopSynchronously { self.setRelatedModels(newValue, at: index) }
        }
        if isFault { context.fulfillFault(self) }
        context.relate(self, at: index, to: newValue)
    }

    /// Whether a new model's initializer is adopting a stored row's data (its default values
    /// are not changes); safe from any thread.
    @usableFromInline
    var isAdopting: Bool { has(Flag.adopting) }

    /// Stops the process: a relationship holds a model of another class than its accessor's.
    @usableFromInline
    func relationshipTypeMismatch(at index: Int, holding model: any PersistentModel, expected: Any.Type) -> Never {
        fatalError("\(entity.name).\(entity.relationships[index].name) holds a \(type(of: model)), not a \(expected)")
    }

    @usableFromInline
    func missingRequiredRelationship(at index: Int) -> Never {
        let relationship = entity.relationships[index]
        fatalError("\(entity.name).\(relationship.name) is a relationship that is not optional, and it holds no \(relationship.destination) (never set, or its model was deleted); declare it '\(relationship.name): \(relationship.destination)?' to read nil")
    }

    // MARK: Bookkeeping for the owning context

    /// Forgets every loaded relationship, except changed ones when `keepingChanged`: the next
    /// access reads them from the store again. Also what breaks the reference cycles that
    /// related objects make (Core Data: "turning an object into a fault … breaks strong
    /// references to related managed objects").
    func refaultRelationships(keepingChanged: Bool = false) {
        for index in relations.indices where !(keepingChanged && changedRelationships.contains(index)) {
            relations[index] = .fault
        }
        if !keepingChanged {
            changedRelationships = AttributeMask()
            relationBaselines = [:]
        }
    }
}
