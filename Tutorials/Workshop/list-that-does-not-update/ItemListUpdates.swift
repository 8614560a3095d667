// Workshop exercise: Make the list follow background saves and batch requests
// Lesson list-that-does-not-update (`swift run lab run list-that-does-not-update`), articles
// 003 and 004.
//
// The list on screen is a `ResultsObserver` on the view context, the role `@Query` plays in
// SwiftUI: it fetches again whenever its context saves, merges, refreshes or resets. A background
// context adds and renames items, and `markDone` marks items done with a batch request, but the
// list never changes: the view context merges nothing, so the observer has nothing to follow.
// Make `prepare(_:)` set up the view context so that other contexts' saves reach the list, and
// make `markDone(_:in:mainContext:)` bring its batch request's changes to the list too.
//
// Check your work:  swift run lab workshop list-that-does-not-update
//
// Hint 1: The observer is not broken: it follows its context, and the context shows only what
//         it merges. A save made by another context reaches it only when merged, by hand or
//         automatically.
// Hint 2: Set `mainContext.automaticallyMergesChangesFromParent = true` in `prepare(_:)`: every
//         other context's save is then merged on the main queue right after it commits, and the
//         list fetches again.
// Hint 3: A batch request bypasses every context, even one that merges automatically (`lab run
//         list-that-does-not-update`, lane 2). Keep the request's result: by default it carries
//         the identifiers of the rows it changed.
// Hint 4: Merge them by hand after `execute`: `ModelContext.mergeChanges(fromRemoteContextSave:
//         .init(updated: Set(result.identifiers ?? [])), into: [mainContext])`, the lab's spelling
//         of Core Data's `NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)`.

import Foundation
import PersistenceCore
import SampleModels

/// What the app does so that its list, an observer on the main context, shows what the store holds.
enum ItemListUpdates: ItemListUpdating {
    static func prepare(_ mainContext: ModelContext) {
        // The list's observer is made right after this, on this context.
    }

    static func markDone(_ numbers: [Int], in container: ModelContainer, mainContext: ModelContext) throws {
        // One SQL statement, straight into the store: no context saves it, and none hears of it.
        try container.execute(BatchUpdateRequest<Item>(predicate: #Predicate { numbers.contains($0.count) },
                                                       propertiesToUpdate: ["title": "done"]))
    }
}
