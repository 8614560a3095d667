// Workshop exercise: Write the store off the main queue, behind a private writer
// Lesson private-parent-stack (`swift run lab run private-parent-stack`), articles 003 and 004.
//
// The app's views insert into `viewContext`, and `save()` writes everything they changed to the
// store. Today `viewContext` is the main context, so the store is written on the main queue and
// the UI freezes for as long as the file takes. Keep `viewContext` on the main queue (views read
// it on the MainActor), but make the store be written on a private queue.
//
// Check your work:  swift run lab workshop private-parent-stack
//
// Hint 1: A child context's save only pushes its changes into its parent; the parent's save writes
//         the store, on the parent's queue.
// Hint 2: Make a private context the root (`ModelContext(container, concurrencyType: .privateQueue)`)
//         and `viewContext` its child on the main queue (`ModelContext(parent:concurrencyType:)`).
//         Both are the lab's spellings. Core Data writes
//         `NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)` with the store
//         coordinator set, and a `.mainQueueConcurrencyType` context whose `parent` is that writer.
// Hint 3: `save()` saves `viewContext` (into the writer), then `try await writer.perform { try writer.save() }`.

import PersistenceCore

/// The contexts the app's views use, and how their changes reach the store.
@MainActor
final class AppStack: SavingStack {
    let viewContext: ModelContext

    init(container: ModelContainer) {
        viewContext = container.viewContext
    }

    func save() async throws {
        try viewContext.save()
    }
}
