extension ModelContainer {
    /// Deletes every stored model and the store's history, in one transaction: SwiftData's
    /// `erase()` (iOS 18), for a sign-out or a "reset all data" button.
    ///
    /// Apple destroys the store and makes a new one. Here the file stays and its rows go, with
    /// guarantees a learner can check: nothing is left of the models (their join tables included),
    /// no primary key is handed out again (an identifier kept from before never finds a new
    /// model), and the history is replaced by one transaction deleting every model, so a reader
    /// that was up to date merges the erasure and any older token is expired
    /// (``ModelError/historyTokenExpired``: fetch everything again).
    ///
    /// Like a batch delete, it posts no ``ModelContext/didSave`` and no context merges it: models
    /// registered in a context stay in memory until it refreshes or resets them. Subscribers of
    /// ``changes`` hear of it, as one deletion per entity.
    ///
    /// - Throws: ``ModelError/savesNotAllowed(_:)`` for a container made with `allowsSave: false`,
    ///   and nothing is deleted.
    public func erase() throws {
        let store = store
        _ = try store.write({ (connection) throws(ModelError) -> [(EntitySQL, [Int64])] in
            if store.recordsHistory {
                // ATRANSACTION's AUTOINCREMENT keeps its counter: no token is given twice.
                try connection.run("DELETE FROM ACHANGE")
                try connection.run("DELETE FROM ATRANSACTION")
            }
            let history = try store.beginHistory(author: nil, in: connection)
            var erased: [(EntitySQL, [Int64])] = []
            for entity in store.entitySQL {
                // The entities of a hierarchy share a table: each takes its own rows (Z_ENT).
                let own = entity.kindFilter == nil && !entity.hasSubentities ? "" : " WHERE Z_ENT = \(entity.entityNumber)"
                let keys = try connection.rows("SELECT Z_PK FROM \(entity.entity.tableName)\(own) ORDER BY Z_PK").compactMap { row -> Int64? in
                    if case .integer(let key)? = row.first { key } else { nil }
                }
                let tombstones = history == nil ? [:] : try entity.tombstones(of: keys, in: connection)
                for key in keys {
                    try history?.deleted(entity: entity.entityNumber, primaryKey: key, tombstone: tombstones[key])
                }
                try connection.run("DELETE FROM \(entity.entity.tableName)\(own)")
                for case .joinTable(let join) in entity.relationships.map(\.storage) where join.isWritingSide {
                    try connection.run("DELETE FROM \(join.name)")
                }
                erased.append((entity, keys))
            }
            return erased
        }, afterCommit: { erased in
            for (entity, keys) in erased where !keys.isEmpty {
                publish(ModelContext.Changes(batchOn: entity, primaryKeys: keys, deleting: true), from: nil)
            }
        })
    }

    /// SwiftData's earlier spelling of ``erase()`` (iOS 17), which cannot say that it failed.
    ///
    /// It calls ``erase()``, and stops the program with the reason when erasing fails (on a
    /// container made with `allowsSave: false`): data a caller believes deleted must not stay
    /// behind silently.
    public func deleteAllData() {
        do {
            try erase()
        } catch {
            preconditionFailure("deleteAllData() could not erase the store: \(error). Call erase(), which throws.")
        }
    }
}
