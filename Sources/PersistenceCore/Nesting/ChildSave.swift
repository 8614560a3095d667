/// What a child's ``ModelContext/save()`` hands its parent: the models it inserted, changed and
/// deleted, as values and identifiers. Built on the child's queue and taken in on the parent's
/// (`ModelContext+SaveToParent.swift`): `Sendable`, no models in it.
struct ChildSave: Sendable {
    /// One inserted or changed model.
    struct Object: Sendable {
        let identifier: PersistentIdentifier
        /// Every stored value: attributes, then to-one keys.
        let values: RowValues
        /// The attributes to write: all of them for a new model, the changed ones otherwise.
        let attributes: [Int]
        /// The members of each relationship to write, by index: every loaded one for a new model,
        /// the changed ones otherwise.
        let relations: [Int: [PersistentIdentifier]]
        /// The store version the child read (0 for a new model): the parent keeps it for a model
        /// it did not hold, so that its own save still sees a change saved in between.
        let version: Int64
    }

    var inserted: [Object] = []
    var updated: [Object] = []
    var deleted: [PersistentIdentifier] = []

    /// The identifiers, as ``ModelContext/didSave`` reports them.
    var changes: ModelContext.Changes {
        ModelContext.Changes(inserted: Set(inserted.map(\.identifier)), updated: Set(updated.map(\.identifier)),
                             deleted: Set(deleted))
    }

    /// `data` as a model to insert (`isNew`) or to update.
    static func object(_ data: BackingData, isNew: Bool) -> Object {
        var relations: [Int: [PersistentIdentifier]] = [:]
        for index in data.relations.indices where !data.relations[index].isFault
            && (isNew || data.changedRelationships.contains(index)) {
            relations[index] = data.relations[index].members.map(\.persistentModelID)
        }
        return Object(identifier: data.persistentModelID, values: data.values,
                      attributes: isNew ? Array(data.entity.attributes.indices) : Array(data.changedAttributes),
                      relations: relations, version: data.version)
    }
}
