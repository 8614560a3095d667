import Foundation

extension ModelContainer {
    /// Runs a batch update in one transaction; every updated row's version (`Z_OPT`) goes up by one.
    ///
    /// - Throws: ``ModelError/invalidProperty(entity:property:reason:)`` for an unknown property or
    ///   a value of the wrong type (nothing is written).
    @discardableResult
    public func execute<T: PersistentModel>(_ request: BatchUpdateRequest<T>) throws -> BatchResult {
        let entity = try sql(for: T.self)
        try Self.refuseInheritance(entity)
        let assignments = try BatchValues.validate(request.propertiesToUpdate, for: entity.entity)
        let setClause = (["Z_OPT = Z_OPT + 1"] + assignments.map { "\($0.column) = ?" }).joined(separator: ", ")
        let values = assignments.map(\.value)
        let updatedNames = entity.entity.attributes.map(\.name).filter { request.propertiesToUpdate[$0] != nil }
        let store = store
        let keys = try runBatch(entity: entity, predicate: request.predicate,
                                deleting: false) { (connection, filter) throws(ModelError) -> BatchWrite in
            let sql = "UPDATE \(entity.entity.tableName) SET \(setClause)"
            let keys: [Int64]
            switch filter {
            case .sql(let fragment):
                // SQLite names each row as it updates it: no second pass to find them.
                keys = try connection.updatedRowIDs { () throws(ModelError) in
                    try connection.run(sql + (fragment.map { " WHERE " + $0.sql } ?? ""), values + (fragment?.bindings ?? []))
                }
            case .primaryKeys(let matching):
                try Self.run(sql, onEachOf: matching, values: values, in: connection)
                keys = matching
            }
            if !keys.isEmpty, let history = try store.beginHistory(author: nil, in: connection) {
                for key in keys {
                    try history.updated(entity: entity.entityNumber, primaryKey: key, properties: updatedNames)
                }
            }
            return BatchWrite(keys: keys)
        }
        return request.resultType.result(identifiers(entity, keys), count: keys.count)
    }

    /// Runs a batch delete in one transaction, with the entity's delete rules applied in it
    /// (`Relationships/BatchDeleteRules.swift`).
    ///
    /// - Throws: ``ModelError/invalidProperty(entity:property:reason:)`` when a relationship the
    ///   deletion reaches has the `.deny` rule, which batch deletes do not support (nothing is written).
    @discardableResult
    public func execute<T: PersistentModel>(_ request: BatchDeleteRequest<T>) throws -> BatchResult {
        let entity = try sql(for: T.self)
        try Self.refuseInheritance(entity)
        try BatchDeleteRules.refuseDeny(entity.entity, store: store)
        let table = entity.entity.tableName
        let store = store
        let keys = try runBatch(entity: entity, predicate: request.predicate,
                                deleting: true) { (connection, filter) throws(ModelError) -> BatchWrite in
            var rules = BatchDeleteRules(store: store, connection: connection)
            switch filter {
            case .sql(let fragment):
                // The keys first, then the deletion: inside the write transaction both see the
                // same rows. (SQLite's update hook does not report rows that `DELETE FROM table`
                // removes wholesale.)
                let condition = fragment.map { " WHERE " + $0.sql } ?? ""
                let bindings = fragment?.bindings ?? []
                let select = try connection.cachedStatement("SELECT Z_PK FROM \(table)" + condition)
                try select.bind(bindings)
                var keys: [Int64] = []
                while try select.step() { keys.append(select.int64(0)) }
                let tombstones = store.recordsHistory ? try entity.tombstones(of: keys, in: connection) : [:]
                try rules.apply(to: keys, of: entity)
                try connection.run("DELETE FROM \(table)" + condition, bindings)
                try rules.recordHistory(deleting: keys, of: entity, tombstones: tombstones)
                return BatchWrite(keys: keys, related: try rules.changes(deleting: keys, of: entity))
            case .primaryKeys(let keys):
                let tombstones = store.recordsHistory ? try entity.tombstones(of: keys, in: connection) : [:]
                try rules.apply(to: keys, of: entity)
                try Self.run("DELETE FROM \(table)", onEachOf: keys, values: [], in: connection)
                try rules.recordHistory(deleting: keys, of: entity, tombstones: tombstones)
                return BatchWrite(keys: keys, related: try rules.changes(deleting: keys, of: entity))
            }
        }
        return request.resultType.result(identifiers(entity, keys), count: keys.count)
    }

    /// Refuses a batch request on an entity of an inheritance hierarchy, before anything is
    /// written: its rows share a table with other entities', whose identifiers, history and
    /// delete rules a batch here does not tell apart (Core Data's batch requests do; see the
    /// article "Differences from Core Data and SwiftData").
    private static func refuseInheritance(_ entity: EntitySQL) throws(ModelError) {
        guard entity.kindFilter != nil || entity.hasSubentities else { return }
        throw .invalidProperty(entity: entity.entity.name, property: "predicate",
                               reason: "cannot be run by a batch request: \(entity.entity.name) is in an inheritance hierarchy, and batch requests here run only on models without a superclass or subclasses; fetch the models in a context and change or delete them there")
    }

    /// Where the rows a batch touches are chosen: by SQL alone, or by primary key after the
    /// predicate was evaluated in memory on the rows SQL could narrow down.
    enum BatchFilter {
        case sql(SQLFragment?)
        case primaryKeys([Int64])
    }

    /// What a batch wrote: the keys of the rows of its entity, and the rows of other entities
    /// its delete rules changed.
    struct BatchWrite: Sendable {
        var keys: [Int64]
        var related: (updated: Set<PersistentIdentifier>, deleted: Set<PersistentIdentifier>) = ([], [])
    }

    /// Chooses the rows and runs `statement` on them inside one write transaction, then tells
    /// `container.changes` subscribers (in commit order). Returns the primary keys of the rows it
    /// changed.
    ///
    /// Like Core Data's batch requests, it posts no ``ModelContext/didSave`` and no context merges
    /// it by itself, not even one with ``ModelContext/automaticallyMergesChangesFromParent``: "the
    /// changes are not reflected in the objects that are currently in memory" (Core Data's batch
    /// guide). Contexts see it when they merge the result by hand, refresh, or fetch a row they
    /// have not registered.
    private func runBatch<T: PersistentModel>(
        entity: EntitySQL, predicate: Predicate<T>?,
        deleting: Bool,
        _ statement: (SQLiteConnection, BatchFilter) throws(ModelError) -> BatchWrite
    ) throws -> [Int64] {
        let translation = predicate.map { PredicateTranslator.translate($0) }
        if translation?.isComplete == false, !T.entitySchema.relationships.isEmpty {
            // Memory would judge copies of rows that belong to no context, which cannot read
            // relationships. Core Data's batch requests run the predicate as SQL, or fail.
            throw ModelError.invalidProperty(entity: T.entitySchema.name, property: "predicate",
                                             reason: "cannot be run as SQL, and a batch request on a model with relationships does not evaluate predicates in memory; use a predicate on attributes or to-one relationships, or a context")
        }
        let write = try store.write({ (connection) throws(ModelError) -> BatchWrite in
            do throws(ModelError) {
                guard let predicate, let translation, !translation.isComplete else {
                    return try statement(connection, .sql(translation?.sql))
                }
                let keys = try matchingKeys(T.self, entity: entity, predicate: predicate, narrowedBy: translation.sql, in: connection)
                return try statement(connection, .primaryKeys(keys))
            } catch {
                // A batch that gives a unique attribute one value twice names it, as a save does.
                throw SavePlan.explainConstraint(error, entity: entity.entity)
            }
        }, afterCommit: { write in
            // The set of identifiers is built by the first subscriber to read it, if any: for
            // 100k rows, building it took as long as SQLite's UPDATE.
            var changes = ModelContext.Changes(batchOn: entity, primaryKeys: write.keys, deleting: deleting)
            if !write.related.updated.isEmpty || !write.related.deleted.isEmpty {
                changes.updated.formUnion(write.related.updated)
                changes.deleted.formUnion(write.related.deleted)
            }
            // No did-save: a merge by hand flows from the batch itself.
            changes.traceEvent = TraceRecorder.instantOnCurrentQueue(
                .batch(kind: deleting ? "delete" : "update", entity: entity.entity.name,
                       identifiers: Array(changes.updated.union(changes.deleted))), container: self)
            publish(changes, from: nil)
        })
        return write.keys
    }

    /// The identifiers of the rows `keys` of `T`, made as they are read.
    private func identifiers(_ entity: EntitySQL, _ keys: [Int64]) -> some Collection<PersistentIdentifier> {
        keys.lazy.map { entity.identifier(primaryKey: $0) }
    }

    /// Evaluates a predicate SQL cannot fully express on unregistered copies of the candidate rows.
    private func matchingKeys<T: PersistentModel>(
        _ type: T.Type, entity: EntitySQL, predicate: Predicate<T>, narrowedBy filter: SQLFragment?,
        in connection: SQLiteConnection
    ) throws(ModelError) -> [Int64] {
        let statement = try connection.cachedStatement(entity.select + (filter.map { " WHERE " + $0.sql } ?? ""))
        try statement.bind(filter?.bindings ?? [])
        var keys: [Int64] = []
        var reader = entity.rowReader()
        while try statement.step() {
            let row = entity.row(of: statement, reader: &reader)
            let copy = T.detachedCopy(of: row, entity)
            do {
                if try predicate.evaluate(copy) { keys.append(row.primaryKey) }
            } catch {
                throw .invalidProperty(entity: T.entitySchema.name, property: "predicate", reason: "could not be evaluated: \(error)")
            }
        }
        return keys
    }

    /// Runs `sql` (an UPDATE or DELETE) on each row of `keys`, one prepared statement for all.
    private static func run(_ sql: String, onEachOf keys: [Int64], values: [SQLiteValue],
                            in connection: SQLiteConnection) throws(ModelError) {
        let statement = try connection.cachedStatement(sql + " WHERE Z_PK = ?")
        for key in keys {
            statement.reset()
            try statement.bind(values + [.integer(key)])
            while try statement.step() {}
        }
    }
}

extension BatchResultType {
    /// The result this type asks for; the identifiers are only made when they are the result.
    func result(_ identifiers: some Collection<PersistentIdentifier>, count: Int) -> BatchResult {
        switch self {
        case .statusOnly: .status(true)
        case .identifiers: .identifiers(Array(identifiers))
        case .count: .count(count)
        }
    }
}
