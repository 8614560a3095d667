import Foundation

/// SwiftData's main context sees other processes' commits to its file with no code: SwiftData
/// "integrates persistent history tracking; subscribing to the notifications and merging the
/// transactions are done automatically" (fatbobman, *How to observe SwiftData's data changes
/// through Persistent History Tracking*, 2023), and Apple's `ResultsObserver` follows "external
/// changes from other processes". Core Data's contexts, `viewContext` included, merge none of it
/// until the app fetches the history and merges it by hand (widget-change's lesson).
///
/// Here "another process" is another container on the same file, in this process or another:
/// on each remote-change announcement the container hands the main context the transactions it
/// did not commit itself (its own contexts' saves reached the main context already, through
/// ``ChangeBroadcaster``).
extension ModelContainer {
    /// Called on the listeners' thread for the transactions `tokens` announced: enqueues their
    /// merge on SwiftData's main context, if it exists and any of them is another container's.
    func mergeOtherContainersCommits(_ tokens: ClosedRange<Int64>) {
        let own = store.takeOwnTransactions(through: tokens.upperBound)
        guard let main = existingMainContext, tokens.contains(where: { !own.contains($0) }) else { return }
        main.enqueue("merge history") { main.mergeHistory(tokens, skipping: own) }
    }
}

extension ModelContext {
    /// Merges what the transactions in `tokens` changed, but those in `own`, as a did-save: on
    /// this context's queue. A read that fails leaves them unmerged (the next fetch reads the
    /// store anyway), as a failed merge of history by hand would.
    func mergeHistory(_ tokens: ClosedRange<Int64>, skipping own: Set<Int64>) {
        let reader = HistoryReader(store: container.store, modelTypes: container.modelTypes)
        guard let transactions = try? container.store.read({ (connection) throws(ModelError) in
            try reader.transactions(from: tokens.lowerBound, in: connection)
        }) else { return }
        var inserted: Set<PersistentIdentifier> = [], updated: Set<PersistentIdentifier> = [], deleted: Set<PersistentIdentifier> = []
        for transaction in transactions where tokens.contains(transaction.token.value) && !own.contains(transaction.token.value) {
            for change in transaction.changes {
                switch change {
                case .insert(let insert): inserted.insert(insert.changedPersistentIdentifier)
                case .update(let update): updated.insert(update.changedPersistentIdentifier)
                case .delete(let delete): deleted.insert(delete.changedPersistentIdentifier)
                }
            }
        }
        let changes = Changes(inserted: inserted, updated: updated, deleted: deleted)
        guard !changes.isEmpty else { return }
        mergeChanges(fromContextDidSave: changes)
    }
}
