extension ModelContext {
    /// Prefetching's read of a to-many relationship kept by the related rows' own foreign key
    /// (`column`), as one pass over the related table instead of a walk of the column's index:
    /// the rows whose `column` holds one of `keys`, materialized in this context and grouped by
    /// owner, each owner's models by primary key, as ``prefetchRelationship(_:of:entity:)``'s
    /// plain read returns them; nil, having read no row, when the plain read is the cheaper one. Run
    /// on `connection` inside the plain read's first read of the store, so that choosing costs no
    /// read of its own.
    ///
    /// The plain read (`readRelated` in `Relationships/ModelContext+Prefetching.swift`) asks for
    /// `column IN (…)` or a range in chunks of keys, in the order of the column's index: for
    /// each related row SQLite steps the index and then seeks the row in the table, from the
    /// table's root. When the owners asked for are those of most of the table's rows (a fetch of
    /// every trip, prefetching their stops), reading the table front to back costs less than the
    /// seeks: SQLite then compares `column` for each row in the order rows are stored, and skips
    /// the few that do not match. Reading 1k trips' 20k stops, from C on the benchmark's store
    /// (Intel Xeon @ 2.50GHz, 2 cores), best of 300: 6.01 ms through the index, 4.27 ms as a scan.
    ///
    /// Taken only when it is the cheaper read, judged without reading the rows: the keys are one
    /// consecutive run (the keys of every owner a fetch returned, as a rule), the table is the
    /// entity's own (no other entity's rows in it), and the run covers at least half of the
    /// values `column` holds, which the column's index gives at once (its least and greatest).
    ///
    /// The rows come in the table's order, not by owner: each goes into its owner's group by
    /// the owner's place in the run (its key minus the first), without a lookup.
    func scanRelated<T: PersistentModel>(
        _ type: T.Type, _ destination: EntitySQL, column: String, keys: [Int64], ownerValueIndex: Int,
        on connection: SQLiteConnection
    ) throws(ModelError) -> [Int64: RelatedModels]? {
        guard destination.kindFilter == nil, let owners = KeyChunks.consecutiveRun(keys) else { return nil }
        let table = destination.entity.tableName
        // Each by its own subquery: SQLite answers a lone min() or max() from the column's index
        // (or the primary key's) in a few page reads, and counts the rows from the index's pages
        // (5 µs for 20k rows).
        let bounds = try connection.rows("""
            SELECT (SELECT min(\(column)) FROM \(table)), (SELECT max(\(column)) FROM \(table)), (SELECT count(*) FROM \(table)),
                   (SELECT min(Z_PK) FROM \(table)), (SELECT max(Z_PK) FROM \(table))
            """)
        guard case .integer(let least) = bounds.first?[0], case .integer(let greatest) = bounds.first?[1],
              case .integer(let rows) = bounds.first?[2], case .integer(let lowestKey) = bounds.first?[3],
              case .integer(let highestKey) = bounds.first?[4], Self.covers(owners, atLeastHalfOf: least...greatest) else { return nil }
        // Room for every row of the table at once: the scan will match most of them, and the
        // uniquing table then never grows while it runs.
        registered.makeRoom(forKeys: lowestKey...highestKey, count: Int(rows), of: destination.scope)
        let scan = try connection.cachedStatement(
            "SELECT \(destination.selectColumns) FROM \(table) NOT INDEXED WHERE \(column) BETWEEN ?1 AND ?2")
        try scan.bind([.integer(owners.lowerBound), .integer(owners.upperBound)])
        var groups = [[AnyObject]](repeating: [], count: keys.count)
        let allExpected = try fileScannedRows(T.self, destination, of: scan, owners: owners, ownerValueIndex: ownerValueIndex,
                                              into: &groups, in: &registered)
        var members: [Int64: RelatedModels] = [:]
        members.reserveCapacity(groups.count)
        for (offset, group) in groups.enumerated() where !group.isEmpty {
            members[owners.lowerBound + Int64(offset)] = RelatedModels(group, checkedAsExactly: allExpected ? T.self : nil)
        }
        return members
    }

    /// Steps `statement` to its end, making each row's model and putting it in its owner's group:
    /// `groups[owner - owners.lowerBound]`. The rows are read a batch at a time, then their models
    /// made (`FastPaths/EntitySQL+RowBatches.swift`).
    ///
    /// A run of rows of one owner (the usual case: an owner's related rows were saved together)
    /// is gathered in an ``OwnerRun``, filed when the owner changes: appending to `groups[slot]`
    /// itself checked the outer array's storage was unique for every row.
    ///
    /// Returns whether every model made is exactly a `T` (none of a subentity's rows): one answer
    /// for the whole scan, since an owner's group may gather several runs.
    private func fileScannedRows<T: PersistentModel>(
        _ type: T.Type, _ destination: EntitySQL, of statement: SQLiteStatement, owners: ClosedRange<Int64>,
        ownerValueIndex: Int, into groups: inout [[AnyObject]], in table: inout UniquingTable
    ) throws(ModelError) -> Bool {
        var run = OwnerRun(expecting: T.self)
        var allExpected = true
        func file(_ finished: OwnerRun.Finished?) {
            guard let finished else { return }
            allExpected = allExpected && finished.allExpected
            let slot = Int(finished.owner - owners.lowerBound)
            if groups[slot].isEmpty { groups[slot] = finished.models } else { groups[slot].append(contentsOf: finished.models) }
        }
        try destination.readInBatches(of: statement) { rows in
            for index in rows.indices {
                // SQL matched the column against the run; a value that is not an integer owns nothing.
                guard case .integer(let owner) = rows[index].values[ownerValueIndex], owners.contains(owner) else { continue }
                file(run.start(owner))
                run.append(materialize(T.self, sql: destination, row: &rows[index], in: &table))
            }
        }
        file(run.finish())
        return allExpected
    }

    /// Whether `owners` holds at least half of the values from `values.lowerBound` to
    /// `values.upperBound`: where the scan costs less than the index's seeks, even though it
    /// passes over the rows of every owner not asked for. From C on the benchmark's store (1k trips,
    /// 20 stops each, Intel Xeon @ 2.50GHz), the stops of trips 1 to n, through the index against
    /// as a scan: 6.04 against 4.29 ms for all 1,000, 3.00 against 2.69 ms for 500, 1.49 against
    /// 1.88 ms for 250. A matched row costs about 300 ns through the index and 215 ns in the
    /// scan, a row passed over about 55 ns: the two break even near two owners in five.
    static func covers(_ owners: ClosedRange<Int64>, atLeastHalfOf values: ClosedRange<Int64>) -> Bool {
        guard owners.overlaps(values) else { return false }
        let covered = Double(min(owners.upperBound, values.upperBound)) - Double(max(owners.lowerBound, values.lowerBound)) + 1
        return covered * 2 >= Double(values.upperBound) - Double(values.lowerBound) + 1
    }
}
