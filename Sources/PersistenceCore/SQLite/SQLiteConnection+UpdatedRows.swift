import CSQLite

extension SQLiteConnection {
    /// Runs `body` and returns the primary keys (rowids) of the rows it updated, in the order
    /// SQLite updated them.
    ///
    /// SQLite reports each updated row to an update hook as it writes it, so a batch update learns
    /// which rows it touched without a second pass: selecting the keys first read every matching
    /// row twice, and `UPDATE … RETURNING` buffers each returned row in a temporary table.
    /// Only for UPDATE statements: SQLite does not report rows that `DELETE FROM table` removes
    /// wholesale (its truncate optimization).
    func updatedRowIDs(during body: () throws(ModelError) -> Void) throws(ModelError) -> [Int64] {
        let collector = RowIDCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        sqlite3_update_hook(handle, { context, operation, _, _, rowID in
            guard operation == SQLITE_UPDATE, let context else { return }
            Unmanaged<RowIDCollector>.fromOpaque(context).takeUnretainedValue().rowIDs.append(rowID)
        }, context)
        defer {
            sqlite3_update_hook(handle, nil, nil)
            withExtendedLifetime(collector) {}
        }
        try body()
        return collector.rowIDs
    }
}

/// Where the update hook appends; lives exactly as long as one ``SQLiteConnection/updatedRowIDs(during:)``.
private final class RowIDCollector {
    var rowIDs: [Int64] = []
}
