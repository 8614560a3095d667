// Workshop exercise: Make the import context private
// Lesson task-vs-detached (`swift run lab run task-vs-detached`), article 000.
//
// A SwiftUI button (MainActor code) asks for a context to run a long import in. The code below
// creates it inside `Task {}`, so it still gets a main-queue context, and the import would freeze
// the UI. Make `makeImportContext(for:)` return a context with a private queue.
//
// Check your work:  swift run lab workshop task-vs-detached
//
// Hint 1: `ModelContext(container)` follows SwiftData's rule: created on the main queue, it is a
//         main-queue context. Where does the body of this `Task {}` run?
// Hint 2: `Task {}` inherits the actor it was started from, here the MainActor. `Task.detached {}`
//         does not.
// Hint 3: Replace `Task {` with `Task.detached {` (or say what you mean, in the lab's spelling:
//         `ModelContext(container, concurrencyType: .privateQueue)`; Core Data writes
//         `NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)`, or
//         `newBackgroundContext()`).

import PersistenceCore

/// Makes the context a button's import runs in.
struct ImportContextMaker: ImportContextMaking {
    @MainActor
    func makeImportContext(for container: ModelContainer) async -> ModelContext {
        await Task {
            ModelContext(container)
        }.value
    }
}
