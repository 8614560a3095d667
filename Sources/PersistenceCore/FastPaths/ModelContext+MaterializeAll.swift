extension ModelContext {
    /// Makes room in the uniquing table `table` for `count` more models, leaving it at most about
    /// half full.
    ///
    /// The plain code is `table.reserveCapacity(table.count + count)`, which a `Dictionary` may
    /// fill to three quarters. Identifiers are placed by groups of consecutive keys
    /// (`PersistentIdentifier+Hashing.swift`), and in a fuller table the groups' runs collide:
    /// prefetching 20k stops into a table of 32k buckets probed about 220 instructions per row.
    static func reserveUniquingRoom(for count: Int, in table: inout [PersistentIdentifier: any PersistentModel]) {
        table.reserveCapacity((table.count + count) * 3 / 2)
    }

    /// Keeps the uniquing table `table` at most half full once `count` more models are in it,
    /// for a caller that adds models one at a time without knowing how many will come: the table
    /// doubles when half full, where a `Dictionary` waits until it is three quarters full.
    @inline(__always)
    static func keepUniquingRoom(for count: Int, in table: inout [PersistentIdentifier: any PersistentModel]) {
        // `capacity` is what the table holds before it grows: three quarters of its buckets.
        if (table.count + count) * 3 > table.capacity * 2 { table.reserveCapacity((table.count + count) * 3) }
    }

    /// How many more related rows a prefetch that has read `rows` rows for `owners` owners, with
    /// `keysPassed` of its `keys` keys behind it, is likely to read: what it gives the uniquing
    /// table room for (``reserveUniquingRoom(for:in:)``) before it makes their models.
    ///
    /// The plain code lets the table grow as models come (``keepUniquingRoom(for:in:)`` alone):
    /// each time it doubles, every model in it is hashed and moved again, through the standard
    /// library's unspecialized code, about 250 instructions a model. Judged when the owners
    /// filed reach 8, 16, 32, … (nil otherwise): a few times in all, and not from one owner's
    /// group alone. Too little room is made up as the table grows; too much is at most the
    /// average group so far once more for every key still to come.
    static func expectedMoreRelatedRows(rows: Int, owners: Int, keysPassed: Int, keys: Int) -> Int? {
        guard owners >= 8, owners & (owners - 1) == 0, keysPassed > 0 else { return nil }
        return rows * (keys - keysPassed) / keysPassed
    }

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
    /// Each new model takes its row's values rather than a copy (the rows are dropped after), and
    /// the thread's ``AdoptionSlot`` is looked up once for all of them.
    private func materializeAll<T: PersistentModel>(_ type: T.Type, sql: EntitySQL, _ rows: inout [EntitySQL.Row],
                                                    in table: inout [PersistentIdentifier: any PersistentModel]) -> [T] {
        let adoptionSlot = AdoptionSlot.ofCurrentThread
        return [T](unsafeUninitializedCapacity: rows.count) { models, count in
            for index in rows.indices {
                let model = materialize(T.self, sql: sql, row: &rows[index], in: &table, through: adoptionSlot)
                (models.baseAddress! + count).initialize(to: model)
                count += 1
            }
        }
    }
}
