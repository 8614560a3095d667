// Workshop exercise: Make the import helper leave the MainActor that calls it
// Lesson nonisolated-async (`swift run lab run nonisolated-async`), article 000.
//
// A button (MainActor code) calls `importItems(_:)`. The helper makes a context of its own "to
// work in the background" and does the work in its `perform`. But the method is
// `nonisolated(nonsending)`, what Swift 6.2 makes of an unannotated async function in a new Xcode
// project: it runs on its caller's actor. Called from the button, it runs on the MainActor,
// `ModelContext(container)` made there is a main-queue context, and the whole import holds the
// main queue, the one that draws the UI. Make the import run off the main queue when the MainActor
// calls it.
//
// Check your work:  swift run lab workshop nonisolated-async
//
// Hint 1: `ModelContext(container)` is a main-queue context when it is made on the main queue,
//         and `perform` on a main-queue context runs on the main queue. Where does `importItems`
//         run when the button, on the MainActor, calls it?
// Hint 2: A `nonisolated(nonsending)` async function runs on its caller's actor. Deleting the
//         words changes nothing here: the method takes them on from the protocol's requirement,
//         just as every unannotated async function is `nonisolated(nonsending)` under Swift 6.2's
//         setting. `lab run nonisolated-async` shows the unannotated helper on the main queue.
// Hint 3: `@concurrent` always leaves the caller's actor and runs on the global pool, whoever
//         calls; so does the body of article 000's `Task.detached`, and the lab's own
//         `@BackgroundModelActor` runs its methods on its context's private queue (SwiftData code
//         makes a `@ModelActor` off the main actor). Keep the context's work in `perform`.
// Hint 4: Replace `nonisolated(nonsending)` with `@concurrent`, and keep the body as it is.

import Foundation
import PersistenceCore
import SampleModels

/// The import a button starts: one item per timestamp, in a context of its own.
struct ItemImportService: ItemImporting {
    let container: ModelContainer

    // In a new Xcode project (Swift 6.2, NonisolatedNonsendingByDefault on), writing nothing before
    // `func` means exactly `nonisolated(nonsending)`. The workshop compiles under plain Swift 6, so
    // it is spelled out here; `swift run lab run nonisolated-async` runs the unannotated helper
    // compiled under the real setting.
    nonisolated(nonsending)
    func importItems(_ timestamps: [Date]) async throws -> Int {
        // A context of its own, "to work in the background".
        let context = ModelContext(container)
        return try await context.perform {
            for timestamp in timestamps {
                context.insert(Item(timestamp: timestamp))
            }
            try context.save()
            return timestamps.count
        }
    }
}
