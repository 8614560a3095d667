// Lesson: SwiftData's main context used from a detached task.
// Teaches: article 003's first mistake, `context.reset()` on the main context from a background
//   task, written with SwiftData's names. `mainContext` is `@MainActor`, so the compiler refuses
//   it; Core Data's `viewContext` can be named anywhere, so the same line compiles there and is a
//   data race at run time (the wrong-context-queue lesson).
// Expected: error: main actor-isolated property 'mainContext' cannot be accessed from outside of the actor
// Fixed twin: main-context-off-the-main-actor.fixed.swift
import PersistenceCore

/// Forgets what the main context holds, from a background task.
func resetInTheBackground(_ container: ModelContainer) {
    Task.detached {
        container.mainContext.reset()
    }
}
