// Lesson: models returned from a task group's child tasks.
// Teaches: `@Model` marks the class's `Sendable` conformance unavailable (see "API at a glance", Sendability), so
//   any API that requires `Sendable` (here a child task's result) names the model itself.
// Expected: error: conformance of 'Item' to 'Sendable' is unavailable
// Fixed twin: model-from-task-group.fixed.swift
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// Loads items in parallel, each in a context of its own.
func loadAll(_ ids: [PersistentIdentifier], container: ModelContainer) async -> [Item] {
    await withTaskGroup(of: Item?.self) { group in
        for id in ids {
            group.addTask {
                let context = ModelContext(container)
                return context.model(for: id) as? Item
            }
        }
        var items: [Item] = []
        for await item in group {
            if let item { items.append(item) }
        }
        return items
    }
}
