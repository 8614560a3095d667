/// What a committed save changed, applied to memory afterwards.
struct SaveOutcome: Sendable {
    struct Write: Sendable {
        let data: BackingData
        let values: RowValues
        let version: Int64
    }
    /// The primary key of each new row, in the order of the plan's `inserted`, and the values
    /// each was written with: the plan's objects, keys and values say what a new object now
    /// holds, with nothing copied per row (a list of 100k insertions cost an import a twentieth).
    var insertedKeys: [Int64] = []
    var insertedValues = RelationshipWrites.Values(overrides: [:])
    /// Each changed object written (new ones are in `insertedKeys`).
    var written: [Write] = []
    /// The objects whose rows are gone after the save, and why.
    var removed: [(BackingData, BackingData.Invalidation)] = []
    /// The new rows' primary keys, by entity: their identifiers are made only if someone reads
    /// them (a set of 100k was a twentieth of a 100k-item import).
    var insertedRows: [RowGroup] = []
    /// The identifiers of the rows updated and deleted.
    var updated: Set<PersistentIdentifier> = []
    var deleted: Set<PersistentIdentifier> = []
    /// Whether a merge policy resolved conflicts: what memory holds of relationships may then
    /// differ from the store, so the context reloads them.
    var hadConflicts = false

    /// Records a new row; a save holds few entities, so the groups are searched, not hashed.
    mutating func noteInserted(_ primaryKey: Int64, in scope: PersistentIdentifier.Scope) {
        if let last = insertedRows.indices.last, insertedRows[last].scope === scope {
            insertedRows[last].primaryKeys.append(primaryKey)
        } else if let index = insertedRows.firstIndex(where: { $0.scope === scope }) {
            insertedRows[index].primaryKeys.append(primaryKey)
        } else {
            insertedRows.append(RowGroup(scope: scope, primaryKeys: [primaryKey]))
        }
    }

    /// What the save tells subscribers, merging contexts and ``ModelContext/didSave`` observers.
    var changes: ModelContext.Changes {
        ModelContext.Changes(insertedRows: insertedRows, updated: updated, deleted: deleted)
    }
}
