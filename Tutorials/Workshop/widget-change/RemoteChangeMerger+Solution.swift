import Foundation
import PersistenceCore

extension Solution {
    /// Solved: the history after the kept token, without the app's own transactions,
    /// merged into the main context; the newest merged transaction's token kept.
    enum RemoteChangeMerger: RemoteChangeMerging {
        @MainActor
        static func mergeRemoteChanges(after token: DefaultHistoryToken, into mainContext: ModelContext) throws -> DefaultHistoryToken {
            // The app's own saves were merged by automaticallyMergesChangesFromParent: skip them.
            let appAuthor = Self.appAuthor
            let transactions = try mainContext.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(
                predicate: #Predicate { $0.token > token && $0.author != appAuthor }))
            guard let newest = transactions.last?.token else { return token }
            var changes = ModelContext.Changes()
            for change in transactions.flatMap(\.changes) {
                switch change {
                case .insert(let insert): changes.inserted.insert(insert.changedPersistentIdentifier)
                case .update(let update): changes.updated.insert(update.changedPersistentIdentifier)
                case .delete(let delete): changes.deleted.insert(delete.changedPersistentIdentifier)
                }
            }
            // On the main queue already, the main context's: merge here, and the list follows.
            mainContext.mergeChanges(fromContextDidSave: changes)
            return newest
        }
    }
}
