extension ModelContext {
    /// The registered instance for each row, in order.
    ///
    /// A loop over the concrete rows rather than `rows.map`: `fetch` is generic over the model, so
    /// `map` ran unspecialized and reached each row through the Collection protocol's witnesses.
    ///
    /// No rows make a plain empty array: `Array(unsafeUninitializedCapacity: 0)` writes the count
    /// into the empty-array singleton every empty array shares, which ThreadSanitizer reports as
    /// a race between two threads fetching nothing at once.
    func materializeAll<T: PersistentModel>(_ type: T.Type, sql: EntitySQL, _ rows: consuming [EntitySQL.Row]) -> [T] {
        guard !rows.isEmpty else { return [] }
        return materializeAll(T.self, sql: sql, &rows, in: &registered)
    }

    /// The loop, with the uniquing table accessed once for all rows (Swift checks each access
    /// to a class's stored property at run time: once per row was ~110 instructions a row).
    ///
    /// Each new model takes its row's values rather than a copy (the rows are dropped after).
    private func materializeAll<T: PersistentModel>(_ type: T.Type, sql: EntitySQL, _ rows: inout [EntitySQL.Row],
                                                    in table: inout UniquingTable) -> [T] {
        return [T](unsafeUninitializedCapacity: rows.count) { models, count in
            for index in rows.indices {
                let model = materialize(T.self, sql: sql, row: &rows[index], in: &table)
                (models.baseAddress! + count).initialize(to: model)
                count += 1
            }
        }
    }
}
