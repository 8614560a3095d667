/// The uniquing table's one rule: a row is one object in a context. Every lookup by identifier
/// goes through ``registeredModel(identifiedBy:)``, which knows where the two kinds of
/// registered models live:
///
/// - `registered`: the models of stored rows (fetched, faulted, saved), and in a child context
///   the models it pushed into its parent, under the identifiers they had (a `UniquingTable`,
///   `FastPaths/UniquingTable.swift`: an array by primary key for each entity, the odd key in a
///   dictionary);
/// - `insertedObjects`: the models inserted here and not saved yet, in insertion order; those
///   under a temporary identifier are in no table, one given a permanent identifier before its
///   save (`obtainPermanentIdentifiers(for:)`) is in `registered` too.
///
/// New models are kept out of the table because their key changes: a save gives each a
/// permanent identifier. Hashing 100k of them under temporary identifiers at `insert`, then
/// removing those keys and hashing the permanent ones at the save, cost a 100k-item import
/// about a tenth of its time; now each is filed once, by the save. A lookup by temporary
/// identifier (rare: `registeredModel(for:)`, a relationship's inverse among new models) builds
/// an index of the new models once, which `insert` keeps up to date until they change.
extension ModelContext {
    /// The model registered here under `identifier`, new or stored, or nil.
    func registeredModel(identifiedBy identifier: PersistentIdentifier) -> (any PersistentModel)? {
        if let model = registered[identifier] { return model }
        guard identifier.isTemporary, !insertedObjects.isEmpty else { return nil }
        return newModelsIndex()[identifier]
    }

    /// Every registered model, stored and new (a new one with a permanent identifier is in the
    /// table already).
    var allRegisteredModels: [any PersistentModel] {
        registered.values + insertedObjects.filter { $0.backingData.persistentModelID.isTemporary }
    }

    /// Adds a new model, whose identifier is `identifier`, to `insertedObjects`, and files it:
    /// under a temporary identifier in the index of new models if one was made, under a
    /// permanent one (given before its save) in the table.
    func addNewModel(_ model: any PersistentModel, identifier: PersistentIdentifier) {
        insertedObjects.append(model)
        if !identifier.isTemporary {
            registered[identifier] = model
        } else if newModelsByIdentifier != nil {
            newModelsByIdentifier?[identifier] = model
        }
    }

    /// Files the models of `insertedObjects` in the table under their identifiers: a child's new
    /// models, once pushed into its parent, are no longer new here but stay registered (the
    /// caller then clears `insertedObjects` and the index with the rest of the change tracking).
    func registerNewModelsAsStored() {
        for model in insertedObjects {
            registered[model.backingData.persistentModelID] = model
        }
    }

    /// The index of the new models by temporary identifier, made now if there is none.
    private func newModelsIndex() -> [PersistentIdentifier: any PersistentModel] {
        if let index = newModelsByIdentifier { return index }
        var index = [PersistentIdentifier: any PersistentModel](minimumCapacity: insertedObjects.count)
        for model in insertedObjects {
            let identifier = model.backingData.persistentModelID
            // One given a permanent identifier early (obtainPermanentIdentifiers) is in `registered`.
            if identifier.isTemporary { index[identifier] = model }
        }
        newModelsByIdentifier = index
        return index
    }
}
