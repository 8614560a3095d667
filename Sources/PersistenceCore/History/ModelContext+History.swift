import Foundation

extension ModelContext {
    /// The history transactions `descriptor` selects: SwiftData's `fetchHistory(_:)`.
    ///
    /// History is read from the store, not from this context: it holds every commit to the file,
    /// by any context or process, saved or batch. Fetch what came after the token you kept, skip
    /// your own author's transactions, and merge the rest (``mergeChanges(fromRemoteContextSave:into:)``).
    ///
    /// - Throws: ``ModelError/historyTokenExpired`` when transactions after the predicate's token
    ///   were deleted; ``ModelError/invalidHistoryToken(_:)`` for another store's token;
    ///   ``ModelError/invalidHistoryDescriptor(_:)`` when the predicate cannot be evaluated;
    ///   ``ModelError/historyUnavailable(_:)`` for an in-memory store.
    public func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws -> [DefaultHistoryTransaction] {
        checkQueue("ModelContext.fetchHistory(_:)")
        if let limit = descriptor.fetchLimit, limit < 0 {
            throw ModelError.invalidHistoryDescriptor("fetchLimit is \(limit); a limit must be 0 or more (nil for no limit)")
        }
        return try TraceRecorder.span(.historyFetch(tokens: [], changed: []), on: self) { span in
            var transactions = try container.history(descriptor.predicate, checkingExpiry: true)
            if !descriptor.sortBy.isEmpty { transactions.sort(using: descriptor.sortBy) }
            if let limit = descriptor.fetchLimit { transactions = Array(transactions.prefix(limit)) }
            TraceRecorder.update(span, toHistoryFetchOf: transactions, store: container.storeIdentifier)
            return transactions
        }
    }

    /// Deletes the history transactions `descriptor` selects, with their changes: SwiftData's
    /// `deleteHistory(_:)`. Prune what every reader has processed (`$0.token <= oldestKeptToken`);
    /// a reader whose token is older will get ``ModelError/historyTokenExpired``.
    public func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws {
        checkQueue("ModelContext.deleteHistory(_:)")
        var transactions = try container.history(descriptor.predicate, checkingExpiry: false)
        if let limit = descriptor.fetchLimit {
            guard limit >= 0 else { throw ModelError.invalidHistoryDescriptor("fetchLimit is \(limit); a limit must be 0 or more (nil for no limit)") }
            if !descriptor.sortBy.isEmpty { transactions.sort(using: descriptor.sortBy) }
            transactions = Array(transactions.prefix(limit))
        }
        let values = transactions.map(\.token.value)
        guard !values.isEmpty else { return }
        try container.store.write { (connection) throws(ModelError) in
            for chunk in KeyChunks.of(values) {
                let list = "(" + chunk.map(String.init).joined(separator: ", ") + ")"
                try connection.run("DELETE FROM ACHANGE WHERE ZTRANSACTIONID IN \(list)")
                try connection.run("DELETE FROM ATRANSACTION WHERE Z_PK IN \(list)")
            }
        }
    }
}

extension ModelContainer {
    /// The transactions `predicate` accepts, oldest first, read in one snapshot of the store.
    func history(_ predicate: Predicate<DefaultHistoryTransaction>?, checkingExpiry: Bool) throws -> [DefaultHistoryTransaction] {
        guard store.url != nil else {
            throw ModelError.historyUnavailable("it is in memory, and only file stores record history (another process cannot open an in-memory store)")
        }
        guard configuration.recordsHistory else {
            throw ModelError.historyUnavailable("its configuration turned history off (recordsHistory: false)")
        }
        let bound = predicate.flatMap(HistoryTokenBound.of)
        if let bound, bound.token.storeIdentifier != store.storeIdentifier.uuidString {
            throw ModelError.invalidHistoryToken("it belongs to the store \(bound.token.storeIdentifier), and this is \(store.storeIdentifier.uuidString)")
        }
        guard store.recordsHistory else { return [] }  // a store opened read-only before it had history
        let reader = HistoryReader(store: store, modelTypes: modelTypes)
        let transactions = try store.read { (connection) throws(ModelError) -> [DefaultHistoryTransaction] in
            // One read transaction: the changes and the transactions are of the same commits.
            try connection.transaction(immediate: false) { () throws(ModelError) -> [DefaultHistoryTransaction] in
                if checkingExpiry, let bound, try reader.isExpired(from: bound.firstValue, in: connection) {
                    throw .historyTokenExpired
                }
                return try reader.transactions(from: bound?.firstValue ?? 0, in: connection)
            }
        }
        guard let predicate, bound?.isWholePredicate != true else { return transactions }
        do {
            return try transactions.filter { try predicate.evaluate($0) }
        } catch {
            throw ModelError.invalidHistoryDescriptor("its predicate could not be evaluated (\(error))")
        }
    }
}
