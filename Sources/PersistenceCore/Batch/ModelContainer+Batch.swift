import Foundation

extension ModelContainer {
    /// Runs a batch update in one transaction; every updated row's version (`Z_OPT`) goes up by one.
    ///
    /// - Throws: ``ModelError/invalidProperty(entity:property:reason:)`` for an unknown property or
    ///   a value of the wrong type (nothing is written).
    @discardableResult
    public func execute<T: PersistentModel>(_ request: BatchUpdateRequest<T>) throws -> BatchResult {
        let entity = try store.sql(for: T.entitySchema.name)
        let assignments = try BatchValues.validate(request.propertiesToUpdate, for: entity.entity)
        let setClause = (["Z_OPT = Z_OPT + 1"] + assignments.map { "\($0.column) = ?" }).joined(separator: ", ")
        let values = assignments.map(\.value)
        let identifiers = try runBatch(entity: entity, predicate: request.predicate,
                                       changes: { ModelContext.Changes(updated: Set($0)) }) { (connection, filter) throws(ModelError) -> [Int64] in
            let sql = "UPDATE \(entity.entity.tableName) SET \(setClause)"
            return try Self.affectedKeys(sql, table: entity.entity.tableName, filter: filter, values: values, in: connection)
        }
        return request.resultType.result(identifiers)
    }

    /// Runs a batch delete in one transaction.
    @discardableResult
    public func execute<T: PersistentModel>(_ request: BatchDeleteRequest<T>) throws -> BatchResult {
        let entity = try store.sql(for: T.entitySchema.name)
        let identifiers = try runBatch(entity: entity, predicate: request.predicate,
                                       changes: { ModelContext.Changes(deleted: Set($0)) }) { (connection, filter) throws(ModelError) -> [Int64] in
            try Self.affectedKeys("DELETE FROM \(entity.entity.tableName)", table: entity.entity.tableName, filter: filter, values: [], in: connection)
        }
        return request.resultType.result(identifiers)
    }

    /// Where the rows a batch touches are chosen: by SQL alone, or by primary key after the
    /// predicate was evaluated in memory on the rows SQL could narrow down.
    enum BatchFilter {
        case sql(SQLFragment?)
        case primaryKeys([Int64])
    }

    /// Chooses the rows and runs `statement` on them inside one write transaction, then tells
    /// subscribers and auto-merging contexts (in commit order) and posts ``ModelContext/didSave``.
    private func runBatch<T: PersistentModel>(
        entity: EntitySQL, predicate: Predicate<T>?,
        changes: @escaping ([PersistentIdentifier]) -> ModelContext.Changes,
        _ statement: (SQLiteConnection, BatchFilter) throws(ModelError) -> [Int64]
    ) throws -> [PersistentIdentifier] {
        let translation = predicate.map { PredicateTranslator.translate($0) }
        var outcome: (identifiers: [PersistentIdentifier], changes: ModelContext.Changes) = ([], ModelContext.Changes())
        _ = try store.write({ (connection) throws(ModelError) -> [Int64] in
            guard let predicate, let translation, !translation.isComplete else {
                return try statement(connection, .sql(translation?.sql))
            }
            let keys = try matchingKeys(T.self, entity: entity, predicate: predicate, narrowedBy: translation.sql, in: connection)
            return try statement(connection, .primaryKeys(keys))
        }, afterCommit: { keys in
            // One set of identifiers for subscribers, merging contexts and the notification alike.
            let affected = identifiers(T.self, keys)
            let committed = changes(affected)
            publish(committed, from: nil)
            outcome = (affected, committed)
        })
        postDidSave(outcome.changes, from: nil)
        return outcome.identifiers
    }

    private func identifiers<T: PersistentModel>(_ type: T.Type, _ keys: [Int64]) -> [PersistentIdentifier] {
        let storeIdentifier = storeIdentifier
        let entityName = T.entitySchema.name
        return keys.map { PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: entityName, storage: .permanent(primaryKey: $0)) }
    }

    /// Evaluates a predicate SQL cannot fully express on unregistered copies of the candidate rows.
    private func matchingKeys<T: PersistentModel>(
        _ type: T.Type, entity: EntitySQL, predicate: Predicate<T>, narrowedBy filter: SQLFragment?,
        in connection: SQLiteConnection
    ) throws(ModelError) -> [Int64] {
        let statement = try connection.cachedStatement(entity.select + (filter.map { " WHERE " + $0.sql } ?? ""))
        try statement.bind(filter?.bindings ?? [])
        var keys: [Int64] = []
        while try statement.step() {
            let row = entity.row(of: statement)
            let copy = T.detachedCopy(of: row, in: self)
            do {
                if try predicate.evaluate(copy) { keys.append(row.primaryKey) }
            } catch {
                throw .invalidProperty(entity: T.entitySchema.name, property: "predicate", reason: "could not be evaluated: \(error)")
            }
        }
        return keys
    }

    /// Runs `sql` (an UPDATE or DELETE) on the chosen rows and returns their primary keys.
    private static func affectedKeys(_ sql: String, table: String, filter: BatchFilter, values: [SQLiteValue],
                                      in connection: SQLiteConnection) throws(ModelError) -> [Int64] {
        switch filter {
        case .sql(let fragment):
            // The keys first, then the change: inside the write transaction both see the same rows.
            // (`RETURNING Z_PK` says it in one statement, but SQLite buffers every returned row in a
            // temporary table: six times the cost of the UPDATE itself.)
            let condition = fragment.map { " WHERE " + $0.sql } ?? ""
            let bindings = fragment?.bindings ?? []
            let select = try connection.cachedStatement("SELECT Z_PK FROM \(table)" + condition)
            try select.bind(bindings)
            var keys: [Int64] = []
            while try select.step() { keys.append(select.int64(0)) }
            let statement = try connection.cachedStatement(sql + condition)
            try statement.bind(values + bindings)
            while try statement.step() {}
            return keys
        case .primaryKeys(let keys):
            let statement = try connection.cachedStatement(sql + " WHERE Z_PK = ?")
            for key in keys {
                statement.reset()
                try statement.bind(values + [.integer(key)])
                while try statement.step() {}
            }
            return keys
        }
    }
}

extension BatchResultType {
    func result(_ identifiers: [PersistentIdentifier]) -> BatchResult {
        switch self {
        case .statusOnly: .status(true)
        case .identifiers: .identifiers(identifiers)
        case .count: .count(identifiers.count)
        }
    }
}
