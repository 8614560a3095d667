// Workshop exercise: Reset the view context from a background task
// Lesson wrong-context-queue (`swift run lab run wrong-context-queue`), article 003.
//
// A background task calls `discardEdits(in:)` when the user cancels: the view context must
// forget its unsaved changes. Today it calls `reset()` right where it runs, off the main queue,
// which is exactly what `-com.apple.CoreData.ConcurrencyDebug 1` stops. Do it on the main queue.
//
// Check your work:  swift run lab workshop wrong-context-queue
//
// Hint 1: The view context belongs to the main queue; this method runs on a background thread.
// Hint 2: `await context.perform { ... }` runs a closure on the context's queue, and a context is
//         `Sendable`, so the closure may capture it. `await MainActor.run { ... }` works too.
// Hint 3: `let context = container.viewContext` then `await context.perform { context.reset() }`.

import PersistenceCore

/// Throws away the main context's unsaved edits, for a caller on any thread.
struct MainContextResetter: MainContextResetting {
    func discardEdits(in container: ModelContainer) async {
        container.viewContext.reset()
    }
}
