extension ModelContext {
    /// Loads relationship `index` of every model in `models` with one query per chunk of keys,
    /// instead of one per model when each fault fires: what
    /// ``FetchDescriptor/relationshipKeyPathsForPrefetching`` does after a fetch.
    ///
    /// Apple: "Prefetching enables SwiftData to obtain any related models in a single fetch,
    /// instead of incurring subsequent access to the persistent storage as you access each
    /// related model." The related rows come in loaded, not as faults. Models whose
    /// relationship is already loaded (or changed) keep what they hold.
    ///
    /// - Throws: the ``ModelError`` of a read that failed: the fetch that asked for the
    ///   prefetch fails with it, as one SwiftData fetch would.
    func prefetchRelationship(_ index: Int, of models: [any PersistentModel], entity: EntitySQL) throws(ModelError) {
        let relationship = entity.relationships[index]
        let destination = entitySQL(named: relationship.relationship.destination)
        guard let type = container.modelTypes.type(named: destination.entity.name) else { return }
        let sources = models.map(\.backingData).filter { !$0.isFault && $0.relations[index].isFault }
        guard !sources.isEmpty else { return }
        guard !destination.hasSubentities else {
            // Each related row may be of another class (a Car among Vehicles): each relationship
            // is read as its fault would read it, which names each row's own entity.
            for data in sources { loadRelationship(index, of: data) }
            return
        }
        switch relationship.storage {
        case .column:
            // The key's place among the values is each model's own: a subclass instance among the
            // fetched ones has more attributes before its to-one columns.
            func key(of data: BackingData) -> Int64? {
                guard let valueIndex = data.entity.valueIndex(ofRelationship: index),
                      case .integer(let key) = data.values[valueIndex] else { return nil }
                return key
            }
            let keys = sources.compactMap(key(of:))
            // Each related row is its own owner here.
            let related = try readRelated(type, destination, select: destination.select, where: "Z_PK", in: Set(keys), owner: .primaryKey)
            var byKey: [Int64: any PersistentModel] = [:]
            for (key, models) in related { byKey[key] = models.first }
            for data in sources {
                guard let key = key(of: data) else { data.relations[index] = .toOne(nil); continue }
                data.relations[index] = .toOne(byKey[key] ?? registeredOrFault(destination.identifier(primaryKey: key)))
            }
        case .inverseColumn(let column):
            guard let inverse = relationship.inverseIndex, let valueIndex = destination.entity.valueIndex(ofRelationship: inverse) else { return }
            // The owner is the row's own foreign key, which its values hold.
            let members = try readRelated(type, destination, select: destination.select, where: column, in: keys(of: sources),
                                          owner: .value(at: valueIndex))
            fill(sources, index, from: members, relationship: relationship, destination: destination.entity.name)
        case .joinTable(let join):
            let select = "SELECT \(destination.selectColumns), \(join.sourceColumn) FROM \(join.name) JOIN \(destination.entity.tableName) ON Z_PK = \(join.destinationColumn)"
            // The owner is the join row's source key, the column after the destination's.
            let members = try readRelated(type, destination, select: select, where: join.sourceColumn, in: keys(of: sources),
                                          owner: .column(Int32(destination.attributeTypes.count) + 2))
            fill(sources, index, from: members, relationship: relationship, destination: destination.entity.name)
        }
    }

    /// Puts each source's members in its relationship `index` (none when it has no entry),
    /// with this context's unsaved changes, as a relationship fault does.
    private func fill(_ sources: [BackingData], _ index: Int, from members: [Int64: RelatedModels],
                      relationship: RelationshipSQL, destination: String) {
        for data in sources {
            let stored = data.persistentModelID.primaryKey.flatMap { members[$0] } ?? RelatedModels()
            data.relations[index] = .toMany(withPendingChanges(stored, of: data, inverse: relationship.inverseIndex, destination: destination))
        }
    }

    private func keys(of sources: [BackingData]) -> Set<Int64> {
        Set(sources.compactMap { $0.persistentModelID.primaryKey })
    }

    /// Where a related row's owner key is read: the row's own primary key, one of its values (its
    /// foreign key), or a statement column after the row's own (a join table's source key).
    private enum OwnerKey {
        case primaryKey
        case value(at: Int)
        case column(Int32)

        /// The owner of `row`, the current row of `statement`; nil for a null foreign key, which
        /// the query's `IN` never matches. A value already read is not read from SQLite again.
        func read(from statement: SQLiteStatement, row: EntitySQL.Row) -> Int64? {
            switch self {
            case .primaryKey: row.primaryKey
            case .value(let index): if case .integer(let key) = row.values[index] { key } else { nil }
            case .column(let column): statement.int64(column)
            }
        }
    }

    /// The rows of `destination` whose `column` is one of `keys`, materialized in this context
    /// (registered instances keep their values), grouped by `owner`. Each owner's models come by
    /// primary key.
    private func readRelated<T: PersistentModel>(
        _ type: T.Type, _ destination: EntitySQL, select: String, where column: String, in keys: Set<Int64>, owner: OwnerKey
    ) throws(ModelError) -> [Int64: RelatedModels] {
        var grouping = Grouping(keys: keys.sorted())
        for (number, chunk) in KeyChunks.of(grouping.keys).enumerated() {
            // In the index's order (the column, then the row's key): no sort, and each owner's
            // rows come together, by primary key, as a relationship fault reads them.
            // `IN (…)` the chunk's keys, or a range when they are consecutive (`FastPaths/KeyChunks+Ranges.swift`).
            let condition = KeyChunks.condition(column, matching: chunk)
            let query = "\(select) WHERE \(condition.sql) ORDER BY \(column), Z_PK"
            let scanned = try readStore { (connection) throws(ModelError) -> [Int64: RelatedModels]? in
                // When the owner is a value of the row (its foreign key) and the owners are those
                // of most of the table's rows, the first read takes every owner's rows in one pass
                // over the table instead (`FastPaths/ModelContext+RelatedScan.swift`).
                if number == 0, case .value(let index) = owner,
                   let scanned = try scanRelated(T.self, destination, column: column, keys: grouping.keys, ownerValueIndex: index, on: connection) {
                    return scanned
                }
                let statement = try connection.cachedStatement(query)
                try statement.bind(condition.arguments)
                try materializeGroups(T.self, destination, of: statement, owner: owner, into: &grouping, in: &registered)
                return nil
            }
            if let scanned { return scanned }
        }
        return grouping.members
    }

    /// The models read so far, by owner.
    private struct Grouping {
        /// The keys asked for, in order: the rows come in this order.
        let keys: [Int64]
        var members: [Int64: RelatedModels] = [:]

        init(keys: [Int64]) {
            self.keys = keys
            members.reserveCapacity(keys.count)
        }

        mutating func file(_ group: RelatedModels, of owner: Int64) {
            members[owner] = group
        }
    }

    /// Steps `statement` to its end, materializing each row as it is read, and files each owner's
    /// group under its owner: one table entry per owner, not one lookup per row.
    ///
    /// Each row is made into its model at once, while its values are in the cache: reading all
    /// rows into a list first and then making the models read the list back from memory (20k
    /// rows, a megabyte) and destroyed it after. How many rows will come is not known in advance:
    /// the uniquing table grows as they come (`FastPaths/UniquingTable.swift`).
    private func materializeGroups<T: PersistentModel>(
        _ type: T.Type, _ destination: EntitySQL, of statement: SQLiteStatement, owner: OwnerKey,
        into grouping: inout Grouping, in table: inout UniquingTable
    ) throws(ModelError) {
        var reader = destination.rowReader()
        var run = OwnerRun(expecting: T.self)
        func file(_ finished: OwnerRun.Finished?) {
            guard let finished else { return }
            grouping.file(RelatedModels(finished.models, checkedAsExactly: finished.allExpected ? T.self : nil),
                          of: finished.owner)
        }
        while try statement.step() {
            var row = destination.row(of: statement, reader: &reader)
            guard let key = owner.read(from: statement, row: row) else { continue }
            file(run.start(key))
            run.append(materialize(T.self, sql: destination, row: &row, in: &table))
        }
        file(run.finish())
    }
}

/// The models of consecutive related rows of one owner, gathered while the rows are read: each
/// owner's models as the array its relationship keeps (see `FastPaths/RelatedModels.swift`).
///
/// Each model's class is compared with the one expected as the model is gathered, just made and
/// still in the cache, so that the finished list can be kept as a typed array without reading
/// every member's class again from memory (see ``RelatedModels/init(_:checkedAsExactly:)``).
struct OwnerRun {
    /// A run that ended: its owner's key, its models in the order their rows came, and whether
    /// every one of them is exactly an instance of the class expected.
    typealias Finished = (owner: Int64, models: [AnyObject], allExpected: Bool)

    private let expected: ObjectIdentifier
    private var owner: Int64?
    private var models: [AnyObject] = []
    private var allExpected = true

    /// Runs whose models should be instances of exactly `modelClass` (the relationship's
    /// destination; a subentity's rows make instances of subclasses).
    init(expecting modelClass: any PersistentModel.Type) {
        expected = ObjectIdentifier(modelClass)
    }

    /// Makes `owner`'s row the next one in: when `owner` is another than the current run's, the
    /// current run ends and is returned, and a new one begins, made at the size of the last
    /// (owners' groups are alike, as a rule).
    mutating func start(_ owner: Int64) -> Finished? {
        guard owner != self.owner else { return nil }
        let finished = self.owner.map { ($0, models, allExpected) }
        let size = models.count
        self.owner = owner
        models = []
        models.reserveCapacity(size)
        allExpected = true
        return finished
    }

    /// Adds the current row's model to the run.
    mutating func append(_ model: AnyObject) {
        if ObjectIdentifier(type(of: model)) != expected { allExpected = false }
        models.append(model)
    }

    /// Ends the last run, if any rows came.
    mutating func finish() -> Finished? {
        defer { owner = nil; models = []; allExpected = true }
        return owner.map { ($0, models, allExpected) }
    }
}
