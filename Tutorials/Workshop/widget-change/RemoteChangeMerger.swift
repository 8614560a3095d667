// Workshop exercise: Bring the widget's changes into the app's list through history
// Lesson widget-change (`swift run lab run widget-change`), articles 003 and 004.
//
// The app's list is a `ResultsObserver` on the view context, which merges automatically. A
// widget, another process, adds, renames and deletes items in the same store file, and the list
// never changes: automatic merging follows the saves of this container's own contexts, and a
// commit from another process is not one of them. The app is told that the store changed (its
// remote-change notification), and then calls `mergeRemoteChanges(after:into:)` with the token
// it kept. Fetch the history after that token, skip the app's own transactions (author
// `Self.appAuthor`, "app": the view context merged them already), merge the rest into the view
// context, and return the token to keep for the next call.
//
// Check your work:  swift run lab workshop widget-change
//
// Hint 1: `automaticallyMergesChangesFromParent` merges the saves of this container's own
//         contexts. The widget is another process: its commit reaches the store file, and no
//         context hears of it (`lab run widget-change`, lane 1). The store's persistent history
//         does: every commit, its author, and what it inserted, updated and deleted.
// Hint 2: `mainContext.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate:
//         #Predicate { $0.token > token }))` returns the transactions after the token, oldest
//         first. Add `&& $0.author != appAuthor`, with `let appAuthor = Self.appAuthor` first (a
//         predicate captures values, not `Self`).
// Hint 3: Put each change's `changedPersistentIdentifier` in a `ModelContext.Changes` (`.insert`
//         in `inserted`, `.update` in `updated`, `.delete` in `deleted`), then call
//         `mainContext.mergeChanges(fromContextDidSave: changes)`: you are on the main queue
//         already, and the list follows its context.
// Hint 4: Return `transactions.last?.token ?? token`: the next call then starts after the newest
//         transaction you merged, and never merges it twice.

import Foundation
import PersistenceCore

/// What the app does each time its store's remote-change notification arrives.
enum RemoteChangeMerger: RemoteChangeMerging {
    @MainActor
    static func mergeRemoteChanges(after token: DefaultHistoryToken, into mainContext: ModelContext) throws -> DefaultHistoryToken {
        // The app set mainContext.automaticallyMergesChangesFromParent = true at launch: every
        // save is merged already, so there is nothing left to do here.
        return token
    }
}
