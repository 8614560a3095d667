// Workshop exercise: Await the context's queue instead of blocking a thread for it
// Lesson starved-pool (`swift run lab run starved-pool`), articles 003 and 000.
//
// An import saves its items in batches from several tasks at once (a task group), and each task
// counts the items to report progress. Both helpers wrap their work in `context.performAndWait`,
// which blocks the task's thread until the context's queue has run the block. Tasks run on
// Swift's cooperative pool, one thread per core: with one such task per thread while the queue
// waits for something only a task can do, nothing ever runs again. Make both helpers wait for
// the queue without holding a thread.
//
// Check your work:  swift run lab workshop starved-pool
//
// Hint 1: A task runs on a thread of Swift's cooperative pool, which has one thread per core.
//         `performAndWait` keeps that thread until the context's queue has run the block. What
//         if the queue is waiting for another task?
// Hint 2: `lab run starved-pool` shows it: one task per pool thread in `performAndWait`, a
//         queue waiting for a task, and nothing runs again. `await context.perform { ... }`
//         suspends the task instead, and gives its thread back.
// Hint 3: The closure of `perform` is `@Sendable`: it may capture the context (a context is
//         `Sendable`) and the timestamps (values), it may throw, and it may return the count.
// Hint 4: Replace `try context.performAndWait {` with `try await context.perform {` in both
//         methods, and keep the bodies as they are.

import Foundation
import PersistenceCore
import SampleModels

/// The import's helpers; several tasks call them at once, with the same context.
struct BatchImporter: BatchImporting {
    func saveBatch(_ timestamps: [Date], in context: ModelContext) async throws {
        try context.performAndWait {
            for timestamp in timestamps {
                context.insert(Item(timestamp: timestamp))
            }
            try context.save()
        }
    }

    func countItems(in context: ModelContext) async throws -> Int {
        try context.performAndWait {
            try context.fetchCount(FetchDescriptor<Item>())
        }
    }
}
