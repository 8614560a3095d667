extension HistoryTables {
    /// The rows other processes' transactions after token value `previous`, up to `newest`,
    /// changed, named by `identify`: what a trace's remote-change event says came from elsewhere.
    /// Each transaction records the process that committed it (`ZPROCESSIDTS`, Core Data's
    /// `processID`; SwiftData exposes none); an insertion row may stand for a run of keys
    /// (`FastPaths/HistoryInsertionRuns.swift`).
    static func changesByOtherProcesses(after previous: Int64, through newest: Int64, in connection: SQLiteConnection,
                                        identify: (Int64, Int64) -> PersistentIdentifier?) throws(ModelError) -> [PersistentIdentifier] {
        let rows = try connection.rows("""
            SELECT c.ZENTITY, c.ZENTITYPK, c.ZROWCOUNT FROM ACHANGE c
            JOIN ATRANSACTION t ON t.Z_PK = c.ZTRANSACTIONID
            LEFT JOIN ATRANSACTIONSTRING p ON p.Z_PK = t.ZPROCESSIDTS
            WHERE t.Z_PK > ?1 AND t.Z_PK <= ?2 AND (p.ZNAME IS NULL OR p.ZNAME != ?3)
            ORDER BY c.ZTRANSACTIONID, c.Z_PK
            """, [.integer(previous), .integer(newest), .text(processName)])
        var changed: [PersistentIdentifier] = []
        for row in rows {
            guard case .integer(let entity) = row[0], case .integer(let first) = row[1] else { continue }
            let count: Int64 = if case .integer(let run) = row[2], run > 1 { run } else { 1 }
            for key in first..<(first + count) {
                if let identifier = identify(entity, key) { changed.append(identifier) }
            }
        }
        return changed
    }
}
