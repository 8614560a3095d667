import Foundation

extension ModelContext {
    /// The models matching `descriptor`, registered in this context (one instance per row).
    ///
    /// A fetch that includes pending changes first applies the delete rules of pending deletions
    /// (``processPendingChanges()``), as Core Data's does: a cascade's models are not found.
    ///
    /// Rows already registered keep their in-memory values, unsaved changes included. With
    /// `includePendingChanges` (the default), Core Data's rule decides what matches: objects with
    /// unsaved changes are judged by their values in memory, every other object by its row in
    /// the store, even when the registered copy is stale.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        checkQueue("ModelContext.fetch(_:)")
        if descriptor.includePendingChanges && !deletedObjects.isEmpty { processPendingChanges() }
        return try TraceRecorder.span(.fetch(entity: T.entitySchema.name, count: 0), on: self) { span in
            let models = try fetchModels(descriptor)
            try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models)
            TraceRecorder.update(span, to: .fetch(entity: T.entitySchema.name, count: models.count))
            return models
        }
    }

    /// Loads the relationships named by `keyPaths` for all of `models` at once
    /// (`Relationships/ModelContext+Prefetching.swift`).
    private func prefetch<T: PersistentModel>(_ keyPaths: [PartialKeyPath<T>], of models: [T]) throws(ModelError) {
        // A child's relationships load through its parent, one fault at a time.
        guard !keyPaths.isEmpty, !models.isEmpty, parent == nil else { return }
        let sql = try container.sql(for: T.self)
        for keyPath in keyPaths {
            // FetchDescriptor.validate() refused any other key path before the fetch.
            guard let name = T.attributeKeyPaths[keyPath], let index = T.entitySchema.relationshipIndex(named: name) else { continue }
            try prefetchRelationship(index, of: models, entity: sql)
        }
    }

    /// The fetch itself, before any prefetching.
    private func fetchModels<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        // A child fetches through its parent (`Nesting/ModelContext+FetchThroughParent.swift`).
        if let view = parentView() { return try fetchThroughParent(descriptor, view: view) }
        let plan = try FetchPlan(descriptor, pendingChanges: descriptor.includePendingChanges && hasPendingChanges(of: T.self))
        let sql = try container.sql(for: T.self)
        let rows = try readRows(plan.query(selecting: sql.select, kindFilter: sql.kindFilter, countOnly: false), of: sql)
        if let keys = EntitySQL.Row.primaryKeys(of: rows) { registered.makeRoom(forKeys: keys, count: rows.count, of: sql.scope) }
        if plan.isComplete {
            return materializeAll(T.self, sql: sql, consume rows)
        }
        if !descriptor.includePendingChanges && T.entitySchema.relationships.isEmpty {
            // Judge by what the store holds, not by registered objects' unsaved values.
            let copies = rows.map { row in (row, detachedCopy(T.self, of: row, sql)) }
            let kept = try Self.filterSortAndSlice(copies, descriptor) { $0.1 }
            return kept.map { materialize(T.self, sql: sql, row: $0.0) }
        }
        let fetched = rows.map { row in (row: row, model: materialize(T.self, sql: sql, row: row)) }
        return try finishInMemory(fetched, descriptor, sql: sql, storeFiltered: plan.predicateIsComplete)
    }

    /// The rows `query` selects of the entity `sql` describes (a subentity's rows read whole).
    func readRows(_ query: SQLFragment, of sql: EntitySQL) throws(ModelError) -> [EntitySQL.Row] {
        let store = container.store
        return try readStore { (connection) throws(ModelError) -> [EntitySQL.Row] in
            let statement = try connection.cachedStatement(query.sql)
            try statement.bind(query.bindings)
            var rows: [EntitySQL.Row] = []
            var reader = sql.rowReader()
            guard sql.hasSubentities else {
                while try statement.step() {
                    rows.append(sql.row(of: statement, reader: &reader))
                }
                return rows
            }
            // Some rows may be a subentity's: each is read again whole (ModelContext+Subentities.swift).
            var numbers: [Int64] = []
            while try statement.step() {
                rows.append(sql.row(of: statement, reader: &reader))
                numbers.append(sql.entityNumber(of: statement))
            }
            try Self.completeSubentityRows(&rows, numbers: numbers, of: sql, store: store, connection: connection)
            return rows
        }
    }

    /// How many models match `descriptor`; counted by SQL when the predicate translates fully.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        checkQueue("ModelContext.fetchCount(_:)")
        if descriptor.includePendingChanges && !deletedObjects.isEmpty { processPendingChanges() }
        // A child counts what it would fetch: the store and its parent's unsaved changes.
        if parent != nil { return try fetch(descriptor).count }
        let plan = try FetchPlan(descriptor, pendingChanges: descriptor.includePendingChanges && hasPendingChanges(of: T.self))
        guard plan.isComplete else { return try fetch(descriptor).count }
        let sql = try container.sql(for: T.self)
        let query = plan.query(selecting: "SELECT COUNT(*) FROM \(sql.entity.tableName)", kindFilter: sql.kindFilter, countOnly: true)
        let count = try readStore { (connection) throws(ModelError) -> Int64 in
            let statement = try connection.cachedStatement(query.sql)
            try statement.bind(query.bindings)
            let count = try statement.step() ? statement.int64(0) : 0
            statement.reset()  // one row read of one: end the read, so no snapshot is kept
            return count
        }
        var result = Int(count) - (descriptor.fetchOffset ?? 0)
        if let limit = descriptor.fetchLimit { result = min(result, limit) }
        return max(0, result)
    }

    /// Marks every model of type `T` matching `predicate` for deletion at the next save.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil) throws {
        checkQueue("ModelContext.delete(model:where:)")
        for model in try fetch(FetchDescriptor(predicate: predicate)) {
            delete(model)
        }
    }

    /// The registered instance for a fetched row, or a new one registered now.
    ///
    /// The uniquing table is looked up and, for a new object, filled through one access to the
    /// row's slot: one hash per row instead of two.
    func materialize<T: PersistentModel>(_ type: T.Type, sql: EntitySQL, row: EntitySQL.Row) -> T {
        materialize(T.self, sql: sql, row: row, in: &registered)
    }

    /// ``materialize(_:sql:row:)`` with the uniquing table passed in, so that a loop over many
    /// rows accesses the context's table once, not once per row.
    func materialize<T: PersistentModel>(_ type: T.Type, sql: EntitySQL, row: EntitySQL.Row,
                                         in table: inout UniquingTable) -> T {
        var row = row
        return materialize(T.self, sql: sql, row: &row, in: &table)
    }

    /// ``materialize(_:sql:row:in:)`` for a row its caller drops next: a new model takes the
    /// row's values (``EntitySQL/Row/takeValues()``) rather than a copy of them.
    func materialize<T: PersistentModel>(_ type: T.Type, sql: EntitySQL, row: inout EntitySQL.Row,
                                         in table: inout UniquingTable) -> T {
        if row.subentityNumber != 0 { return materializeSubentity(T.self, row: row, in: &table) }
        let identifier = sql.identifier(primaryKey: row.primaryKey)
        func uniqued(_ entry: inout (any PersistentModel)?) -> T {
            if let model = entry {
                let data = model.backingData
                if data.isFault { fill(data, with: row) }
                if let typed = model as? T { return typed }
            }
            let model = makeRegisteredModel(T.self, identifier: identifier, values: row.takeValues(), version: row.version)
            entry = model
            return model
        }
        return table.withEntry(for: identifier, uniqued)
    }

    /// Whether this context holds unsaved inserts, changes or deletions of `T`.
    func hasPendingChanges<T: PersistentModel>(of type: T.Type) -> Bool {
        let isT: (any PersistentModel) -> Bool = { $0 is T }
        return insertedObjects.contains(where: isT) || updatedObjects.values.contains(where: isT)
            || deletedObjects.values.contains(where: isT)
    }

    /// The part SQL could not do: pending changes, untranslated predicates and sorts, then offset
    /// and limit.
    ///
    /// `storeFiltered` says SQL already applied the whole predicate to the stored rows: for an
    /// object without unsaved changes that is the verdict. Otherwise such an object is judged on
    /// a detached copy of its stored row, never on its registered copy, which may be stale: the
    /// answer must not change because some other object has unsaved changes.
    ///
    /// A child also passes `parents`, the models its parent holds with unsaved changes: they are
    /// candidates whatever the store says, and are judged by their values in memory.
    func finishInMemory<T: PersistentModel>(
        _ fetched: [(row: EntitySQL.Row, model: T)], _ descriptor: FetchDescriptor<T>, sql: EntitySQL, storeFiltered: Bool,
        parents: [T] = []
    ) throws -> [T] {
        var candidates = fetched.map(\.model)
        var judgedInMemory = Set<ObjectIdentifier>()
        if !parents.isEmpty {
            var present = Set(candidates.map { ObjectIdentifier($0.backingData) })
            for model in parents {
                let key = ObjectIdentifier(model.backingData)
                judgedInMemory.insert(key)
                if present.insert(key).inserted { candidates.append(model) }
            }
        }
        var storedRows: [ObjectIdentifier: EntitySQL.Row] = [:]
        for (row, model) in fetched {
            storedRows[ObjectIdentifier(model.backingData)] = row
        }
        if descriptor.includePendingChanges {
            candidates.removeAll { $0.backingData.isDeleted }
            var seen = Set(candidates.map { ObjectIdentifier($0.backingData) })
            let pending = (updatedObjects.values.compactMap { $0 as? T } + insertedObjects.compactMap { $0 as? T })
                .filter { !$0.backingData.isDeleted }
            for model in pending where seen.insert(ObjectIdentifier(model.backingData)).inserted {
                candidates.append(model)
            }
        }
        if descriptor.sortBy.isEmpty {
            // Saved rows by primary key, then unsaved ones in insertion order: as SQL would have it.
            let position = Dictionary(uniqueKeysWithValues: insertedObjects.enumerated().map { (ObjectIdentifier($1.backingData), $0) })
            func rank(_ model: T) -> (Int64, Int) {
                let data = model.backingData
                return (data.persistentModelID.primaryKey ?? .max, position[ObjectIdentifier(data)] ?? 0)
            }
            candidates.sort { rank($0) < rank($1) }
        }
        if let predicate = descriptor.predicate {
            let hasRelationships = !T.entitySchema.relationships.isEmpty
            candidates = try candidates.filter { model in
                let key = ObjectIdentifier(model.backingData)
                let hasUnsavedChanges = model.backingData.has(BackingData.Flag.inserted) || updatedObjects[key] != nil || judgedInMemory.contains(key)
                // A model with relationships is judged as registered: a detached copy of its row
                // belongs to no context, so it could not read its relationships.
                guard !hasUnsavedChanges, !hasRelationships, let row = storedRows[key] else { return try predicate.evaluate(model) }
                return try storeFiltered || predicate.evaluate(detachedCopy(T.self, of: row, sql))
            }
        }
        var rest = descriptor
        rest.predicate = nil
        return try Self.filterSortAndSlice(candidates, rest) { $0 }
    }

    /// Applies the predicate, the sort, the offset and the limit in memory, to whatever `model`
    /// extracts from each element.
    private static func filterSortAndSlice<Element, T: PersistentModel>(
        _ elements: [Element], _ descriptor: FetchDescriptor<T>, model: (Element) -> T
    ) throws -> [Element] {
        var kept = elements
        if let predicate = descriptor.predicate {
            kept = try kept.filter { try predicate.evaluate(model($0)) }
        }
        if !descriptor.sortBy.isEmpty {
            let order = kept.map(model).enumerated().sorted { lhs, rhs in
                for comparator in descriptor.sortBy {
                    switch comparator.compare(lhs.element, rhs.element) {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: continue
                    }
                }
                return lhs.offset < rhs.offset
            }
            kept = order.map { kept[$0.offset] }
        }
        // No sum of offset and limit: both may be as large as Int.max.
        let offset = min(descriptor.fetchOffset ?? 0, kept.count)
        let remaining = kept.count - offset
        return Array(kept[offset..<offset + min(descriptor.fetchLimit ?? remaining, remaining)])
    }
}

/// How a fetch splits between SQL and memory.
struct FetchPlan {
    let whereClause: SQLFragment?
    let orderBy: String?
    let fetchLimit: Int?
    let fetchOffset: Int?
    /// True when SQL does all of it: filter, order, offset and limit.
    let isComplete: Bool
    /// True when the WHERE clause is the whole predicate: SQL's verdict on a stored row is final.
    let predicateIsComplete: Bool

    init<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, pendingChanges: Bool) throws(ModelError) {
        try descriptor.validate()
        let translation = descriptor.predicate.map { PredicateTranslator.translate($0) }
        whereClause = translation?.sql
        let order = SortTranslator.orderBy(descriptor.sortBy)
        orderBy = order
        fetchLimit = descriptor.fetchLimit
        fetchOffset = descriptor.fetchOffset
        predicateIsComplete = translation?.isComplete ?? true
        isComplete = !pendingChanges && predicateIsComplete && order != nil
    }

    /// The statement: the translated filter always; order, offset and limit when SQL does it all.
    ///
    /// When memory finishes the work, rows still come by primary key: a query SQLite answers
    /// through an index returns them in index order, and memory's stable sort keeps ties as found.
    /// The statement; `kindFilter` keeps a subentity's rows apart from the others of its table
    /// (``EntitySQL/kindFilter``).
    func query(selecting select: String, kindFilter: String?, countOnly: Bool) -> SQLFragment {
        var sql = select
        let bindings = whereClause?.bindings ?? []
        switch (kindFilter, whereClause) {
        case (nil, nil): break
        case (let kind?, nil): sql += " WHERE " + kind
        case (nil, let clause?): sql += " WHERE " + clause.sql
        case (let kind?, let clause?): sql += " WHERE \(kind) AND (\(clause.sql))"
        }
        if countOnly { return SQLFragment(sql: sql, bindings: bindings) }
        guard isComplete else { return SQLFragment(sql: sql + " ORDER BY Z_PK", bindings: bindings) }
        if let orderBy, !orderBy.isEmpty {
            sql += " ORDER BY \(orderBy), Z_PK"
        } else {
            sql += " ORDER BY Z_PK"
        }
        if fetchLimit != nil || fetchOffset != nil {
            sql += " LIMIT \(fetchLimit.map(String.init) ?? "-1") OFFSET \(fetchOffset ?? 0)"
        }
        return SQLFragment(sql: sql, bindings: bindings)
    }
}
