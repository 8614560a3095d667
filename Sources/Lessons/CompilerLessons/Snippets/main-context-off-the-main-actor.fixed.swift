// Lesson: SwiftData's main context used from a detached task, fixed.
// Teaches: the main context lives on the MainActor: hop there to use it.
// Expected: compiles cleanly
// Wrong twin: main-context-off-the-main-actor.wrong.swift
import PersistenceCore

/// Forgets what the main context holds, on the MainActor, whoever asks.
func resetInTheBackground(_ container: ModelContainer) {
    Task.detached {
        await MainActor.run { container.mainContext.reset() }
    }
}
