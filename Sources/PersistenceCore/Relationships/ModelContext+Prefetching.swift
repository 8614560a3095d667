extension ModelContext {
    /// Loads relationship `index` of every model in `models` with one query per chunk of keys,
    /// instead of one per model when each fault fires: what
    /// ``FetchDescriptor/relationshipKeyPathsForPrefetching`` does after a fetch.
    ///
    /// Apple: "Prefetching enables SwiftData to obtain any related models in a single fetch,
    /// instead of incurring subsequent access to the persistent storage as you access each
    /// related model." The related rows come in loaded, not as faults. Models whose
    /// relationship is already loaded (or changed) keep what they hold.
    func prefetchRelationship(_ index: Int, of models: [any PersistentModel], entity: EntitySQL) {
        let relationship = entity.relationships[index]
        let destination = entitySQL(named: relationship.relationship.destination)
        guard let type = container.modelTypes.type(named: destination.entity.name) else { return }
        let sources = models.map(\.backingData).filter { !$0.isFault && $0.relations[index].isFault }
        guard !sources.isEmpty else { return }
        do {
            switch relationship.storage {
            case .column(let valueIndex):
                var keys: [Int64] = []
                for data in sources { if case .integer(let key) = data.values[valueIndex] { keys.append(key) } }
                let related = try readRelated(type, destination, select: destination.select, where: "Z_PK", in: Set(keys))
                var byKey: [Int64: any PersistentModel] = [:]
                for (model, _) in related { byKey[model.backingData.persistentModelID.primaryKey ?? 0] = model }
                for data in sources {
                    guard case .integer(let key) = data.values[valueIndex] else { data.relations[index] = .toOne(nil); continue }
                    data.relations[index] = .toOne(byKey[key] ?? registeredOrFault(destination.identifier(primaryKey: key)))
                }
            case .inverseColumn(let column):
                guard let inverse = relationship.inverseIndex, let valueIndex = destination.entity.valueIndex(ofRelationship: inverse) else { return }
                let related = try readRelated(type, destination, select: destination.select, where: column, in: keys(of: sources))
                var members: [Int64: [any PersistentModel]] = [:]
                for (model, row) in related {
                    if case .integer(let owner) = row.values[valueIndex] { members[owner, default: []].append(model) }
                }
                fill(sources, index, from: members, relationship: relationship, destination: destination.entity.name)
            case .joinTable(let join):
                let select = "SELECT \(destination.selectColumns), \(join.sourceColumn) FROM \(join.name) JOIN \(destination.entity.tableName) ON Z_PK = \(join.destinationColumn)"
                let related = try readRelated(type, destination, select: select, where: join.sourceColumn, in: keys(of: sources), ownerColumn: true)
                var members: [Int64: [any PersistentModel]] = [:]
                for (model, row) in related { members[row.owner, default: []].append(model) }
                fill(sources, index, from: members, relationship: relationship, destination: destination.entity.name)
            }
        } catch {
            return  // the faults stay: each loads on first access, and reports what went wrong then
        }
    }

    /// Puts each source's members in its relationship `index` (none when it has no entry),
    /// with this context's unsaved changes, as a relationship fault does.
    private func fill(_ sources: [BackingData], _ index: Int, from members: [Int64: [any PersistentModel]],
                      relationship: RelationshipSQL, destination: String) {
        for data in sources {
            let stored = data.persistentModelID.primaryKey.flatMap { members[$0] } ?? []
            data.relations[index] = .toMany(withPendingChanges(stored, of: data, inverse: relationship.inverseIndex, destination: destination))
        }
    }

    private func keys(of sources: [BackingData]) -> Set<Int64> {
        Set(sources.compactMap { $0.persistentModelID.primaryKey })
    }

    /// The rows of `destination` whose `column` is one of `keys`, materialized in this context
    /// (registered instances keep their values), ordered by primary key; with `ownerColumn`, the
    /// statement's last column is the source's key, returned as `owner`.
    private func readRelated<T: PersistentModel>(
        _ type: T.Type, _ destination: EntitySQL, select: String, where column: String, in keys: Set<Int64>,
        ownerColumn: Bool = false
    ) throws(ModelError) -> [(model: any PersistentModel, row: (values: [SQLiteValue], owner: Int64))] {
        var found: [(model: any PersistentModel, row: (values: [SQLiteValue], owner: Int64))] = []
        let sorted = keys.sorted()
        for start in stride(from: 0, to: sorted.count, by: Self.keysPerQuery) {
            let chunk = Array(sorted[start..<min(start + Self.keysPerQuery, sorted.count)])
            let placeholders = chunk.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
            // In the index's order (the column, then the row's key): no sort, and each source's
            // members come by primary key, as a relationship fault reads them.
            let query = "\(select) WHERE \(column) IN (\(placeholders)) ORDER BY \(column), Z_PK"
            let rows = try readStore { (connection) throws(ModelError) -> [(EntitySQL.Row, Int64)] in
                let statement = try connection.cachedStatement(query)
                try statement.bind(chunk.map { .integer($0) })
                var rows: [(EntitySQL.Row, Int64)] = []
                while try statement.step() {
                    let row = destination.row(of: statement)
                    rows.append((row, ownerColumn ? statement.int64(Int32(row.values.count + 2)) : 0))
                }
                return rows
            }
            registered.reserveCapacity(registered.count + rows.count)
            for (row, owner) in rows {
                found.append((materialize(T.self, sql: destination, row: row), (row.values, owner)))
            }
        }
        return found
    }

    /// How many keys one prefetch query binds: well under SQLite's limit on parameters.
    private static let keysPerQuery = 500
}
