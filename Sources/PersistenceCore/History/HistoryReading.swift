import Foundation

/// Reads history transactions back from the tables `HistoryWriter` fills, and builds the
/// SwiftData values from them.
struct HistoryReader {
    let store: SQLiteStore
    let modelTypes: ModelTypeRegistry

    /// The transactions from token value `firstValue` on, oldest first, each with its changes.
    func transactions(from firstValue: Int64, in connection: SQLiteConnection) throws(ModelError) -> [DefaultHistoryTransaction] {
        let storeIdentifier = store.storeIdentifier.uuidString
        let changes = try changes(from: firstValue, in: connection)
        var next = changes.startIndex
        let headers = try connection.cachedStatement("""
            SELECT t.Z_PK, s.ZNAME, t.ZTIMESTAMP FROM ATRANSACTION t
            LEFT JOIN ATRANSACTIONSTRING s ON s.Z_PK = t.ZAUTHORTS WHERE t.Z_PK >= ?1 ORDER BY t.Z_PK
            """)
        try headers.bind([.integer(firstValue)])
        var transactions: [DefaultHistoryTransaction] = []
        while try headers.step() {
            let value = headers.int64(0)
            let author: String? = if case .text(let name) = headers.column(1) { name } else { nil }
            let seconds: Double = if case .real(let real) = headers.column(2) { real } else { 0 }
            // Both reads are in commit order: this transaction's changes come next.
            while next < changes.endIndex, changes[next].transaction < value { next += 1 }
            let start = next
            while next < changes.endIndex, changes[next].transaction == value { next += 1 }
            transactions.append(DefaultHistoryTransaction(
                author: author, changes: changes[start..<next].map(\.change), storeIdentifier: storeIdentifier,
                timestamp: Date(timeIntervalSinceReferenceDate: seconds),
                token: DefaultHistoryToken(storeIdentifier: storeIdentifier, value: value)))
        }
        return transactions
    }

    /// Whether transactions from `firstValue` on were pruned: some of them older than the oldest
    /// kept one. Token values are dense (`AUTOINCREMENT` counts committed transactions only), so
    /// every value from `firstValue` up to the oldest kept one was a transaction, now gone, and
    /// what came after the caller's token can no longer be told.
    func isExpired(from firstValue: Int64, in connection: SQLiteConnection) throws(ModelError) -> Bool {
        let first = max(firstValue, 1)
        if case .integer(let oldest)? = try connection.rows("SELECT min(Z_PK) FROM ATRANSACTION").first?.first {
            return first < oldest
        }
        // Nothing kept: expired if any transaction at or after `first` was ever committed.
        guard case .integer(let newest)? = try connection.rows("SELECT seq FROM sqlite_sequence WHERE name = 'ATRANSACTION'").first?.first
        else { return false }
        return first <= newest
    }

    /// Every change of the transactions from `firstValue` on, in commit order, each with its transaction.
    private func changes(from firstValue: Int64, in connection: SQLiteConnection) throws(ModelError) -> [(transaction: Int64, change: HistoryChange)] {
        let statement = try connection.cachedStatement("""
            SELECT Z_PK, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS, ZTOMBSTONE, ZROWCOUNT FROM ACHANGE
            WHERE ZTRANSACTIONID >= ?1 ORDER BY ZTRANSACTIONID, Z_PK
            """)
        try statement.bind([.integer(firstValue)])
        // Each entity's SQL and model class, by entity number, looked up once per read.
        let entities = store.entitySQL.map { sql in modelTypes.type(named: sql.entity.name).map { (sql, $0) } }
        var changes: [(transaction: Int64, change: HistoryChange)] = []
        while try statement.step() {
            let entityNumber = Int(statement.int64(2))
            guard entities.indices.contains(entityNumber - 1), let (sql, modelType) = entities[entityNumber - 1],
                  let type = HistoryTables.ChangeType(rawValue: statement.int64(1))
            else { continue }  // an entity a later model removed: nothing to name it by
            // An insertion row may stand for a run of consecutive rows (`FastPaths/HistoryInsertionRuns.swift`).
            let first = statement.int64(3), count = max(1, statement.int64(7))
            for key in first..<(first + count) {
                let row = ChangeRow(change: statement.int64(0), type: type, identifier: sql.identifier(primaryKey: key),
                                    transaction: statement.int64(4), columns: statement.column(5), tombstone: statement.column(6))
                changes.append((row.transaction, row.change(of: modelType)))
            }
        }
        return changes
    }
}

/// One `ACHANGE` row, read.
private struct ChangeRow {
    let change: Int64
    let type: HistoryTables.ChangeType
    let identifier: PersistentIdentifier
    let transaction: Int64
    let columns: SQLiteValue
    let tombstone: SQLiteValue

    /// The change as SwiftData's value, typed by its model.
    func change<Model: PersistentModel>(of model: Model.Type) -> HistoryChange {
        switch type {
        case .insert:
            return .insert(DefaultHistoryInsert<Model>(changedPersistentIdentifier: identifier, changeIdentifier: change,
                                                       transactionIdentifier: transaction))
        case .update:
            let names: [Substring] = if case .text(let list) = columns { list.split(separator: ",") } else { [] }
            return .update(DefaultHistoryUpdate<Model>(changedPersistentIdentifier: identifier, changeIdentifier: change,
                                                       transactionIdentifier: transaction,
                                                       updatedAttributes: names.compactMap { Model.sendableKeyPath(named: String($0)) }))
        case .delete:
            return .delete(DefaultHistoryDelete<Model>(changedPersistentIdentifier: identifier, changeIdentifier: change,
                                                       transactionIdentifier: transaction,
                                                       tombstone: HistoryTombstone(values: HistoryTombstoneValue.values(in: tombstone))))
        }
    }
}

extension PersistentModel {
    /// The key path of the persisted property `name`, as history hands it out: a literal `@Model`
    /// wrote, so `Sendable` once the table's type erasure is undone (``assumingSendable(_:)``).
    static func sendableKeyPath(named name: String) -> (any PartialKeyPath<Self> & Sendable)? {
        guard let keyPath = attributeKeyPaths.first(where: { $0.value == name })?.key as? PartialKeyPath<Self> else {
            return nil
        }
        return assumingSendable(keyPath)
    }
}
