// Lesson: models returned from a task group's child tasks, fixed.
// Teaches: child tasks return `Sendable` values read on their own context's queue; the models
//   stay in the contexts that registered them.
// Expected: compiles cleanly
// Wrong twin: model-from-task-group.wrong.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// Loads the items' timestamps in parallel, each in a context of its own.
func loadTimestamps(_ ids: [PersistentIdentifier], container: ModelContainer) async -> [Date] {
    await withTaskGroup(of: Date?.self) { group in
        for id in ids {
            group.addTask {
                let context = container.newBackgroundContext()
                return await context.perform {  // Core Data's background context and its perform
                    (context.model(for: id) as? Item)?.timestamp
                }
            }
        }
        var timestamps: [Date] = []
        for await timestamp in group {
            if let timestamp { timestamps.append(timestamp) }
        }
        return timestamps
    }
}
