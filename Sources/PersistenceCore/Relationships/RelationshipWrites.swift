/// What a save writes for relationships, gathered on the context's queue with the rest of the
/// ``SavePlan``: the to-one columns, and the join-table rows of many-to-many relationships.
///
/// A to-one column holds the related row's key. When the related object is new in this very
/// save, its key is only known once the transaction has reserved it, so the column is filled in
/// then (``valuesToWrite(inserted:keys:)``).
struct RelationshipWrites: Sendable {
    /// A to-one column whose related object gets its key in this save.
    struct PendingKey: Sendable {
        let data: BackingData
        let valueIndex: Int
        let target: BackingData
    }

    /// A changed many-to-many relationship, from the side that writes its join table: the
    /// owner's rows in the table are replaced by one per member.
    struct JoinRewrite: Sendable {
        let owner: BackingData
        let join: RelationshipSQL.JoinTable
        let members: [BackingData]
    }

    private var pendingKeys: [PendingKey] = []
    private var joinRewrites: [JoinRewrite] = []
    /// For each deleted object with join tables, the tables and the column holding its key.
    private var joinCleanups: [(data: BackingData, tables: [(name: String, column: String)])] = []

    /// The changed relationships of the objects a save writes.
    init(context: ModelContext, inserted: [BackingData], updated: [BackingData], deleted: [BackingData]) {
        for data in [inserted, updated].joined() where !data.changedRelationships.isEmpty {
            let sql = context.entitySQL(named: data.entity.name)
            for index in data.changedRelationships {
                switch sql.relationships[index].storage {
                case .column(let valueIndex):
                    let target = data.relations[index].members.first?.backingData
                    if let target, target.persistentModelID.primaryKey == nil {
                        pendingKeys.append(PendingKey(data: data, valueIndex: valueIndex, target: target))
                    } else {
                        data.values[valueIndex] = target?.persistentModelID.primaryKey.map { .integer($0) } ?? .null
                    }
                case .joinTable(let join) where join.isWritingSide:
                    // Loaded first: a merge may have turned it back into a fault (it keeps the change).
                    let members = context.loadedMembers(of: data, at: index)
                    joinRewrites.append(JoinRewrite(owner: data, join: join, members: members.map(\.backingData)))
                case .joinTable, .inverseColumn:
                    continue  // written by the other side, or by the destination's column
                }
            }
        }
        for data in deleted where !data.relations.isEmpty {
            let tables = context.entitySQL(named: data.entity.name).relationships.compactMap { relationship -> (String, String)? in
                guard case .joinTable(let join) = relationship.storage else { return nil }
                return (join.name, join.sourceColumn)
            }
            if !tables.isEmpty { joinCleanups.append((data, tables)) }
        }
    }

    /// The values each object's row gets: its own, with the to-one columns of new related
    /// objects set to the keys reserved for them.
    func valuesToWrite(inserted: [BackingData], keys: [Int64]) -> Values {
        guard !pendingKeys.isEmpty else { return Values(overrides: [:]) }
        let reserved = Self.reservedKeys(inserted: inserted, keys: keys)
        var overrides: [ObjectIdentifier: RowValues] = [:]
        for pending in pendingKeys {
            let id = ObjectIdentifier(pending.data)
            var values = overrides[id] ?? pending.data.values
            // A related object forgotten before the save (deleted while new) leaves no key.
            values[pending.valueIndex] = reserved[ObjectIdentifier(pending.target)].map { .integer($0) } ?? .null
            overrides[id] = values
        }
        return Values(overrides: overrides)
    }

    /// Rewrites the join-table rows of each changed many-to-many relationship whose owner was
    /// written (not one a merge policy kept as the store had it), and removes the rows of the
    /// objects whose rows are gone.
    func writeJoinTables(inserted: [BackingData], keys: [Int64], written: Set<PersistentIdentifier>,
                         removed: [BackingData], in connection: SQLiteConnection) throws(ModelError) {
        if !joinRewrites.isEmpty {
            let reserved = Self.reservedKeys(inserted: inserted, keys: keys)
            func key(_ data: BackingData) -> Int64? {
                data.persistentModelID.primaryKey ?? reserved[ObjectIdentifier(data)]
            }
            for rewrite in joinRewrites {
                let isNew = reserved[ObjectIdentifier(rewrite.owner)] != nil
                guard let owner = key(rewrite.owner), isNew || written.contains(rewrite.owner.persistentModelID) else { continue }
                let join = rewrite.join
                try connection.run("DELETE FROM \(join.name) WHERE \(join.sourceColumn) = ?1", [.integer(owner)])
                for member in rewrite.members {
                    guard let memberKey = key(member) else { continue }
                    try connection.run("INSERT OR IGNORE INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) VALUES (?1, ?2)",
                                       [.integer(owner), .integer(memberKey)])
                }
            }
        }
        let gone = Set(removed.map(ObjectIdentifier.init))
        for (data, tables) in joinCleanups where gone.contains(ObjectIdentifier(data)) {
            guard let primaryKey = data.persistentModelID.primaryKey else { continue }
            for table in tables {
                try connection.run("DELETE FROM \(table.name) WHERE \(table.column) = ?1", [.integer(primaryKey)])
            }
        }
    }

    /// The key reserved for each new object, by object.
    private static func reservedKeys(inserted: [BackingData], keys: [Int64]) -> [ObjectIdentifier: Int64] {
        Dictionary(uniqueKeysWithValues: zip(inserted.map(ObjectIdentifier.init), keys))
    }

    /// The values a save writes per object: its own unless a relationship column was filled in.
    struct Values: Sendable {
        let overrides: [ObjectIdentifier: RowValues]

        subscript(data: BackingData) -> RowValues {
            overrides.isEmpty ? data.values : overrides[ObjectIdentifier(data)] ?? data.values
        }
    }
}
