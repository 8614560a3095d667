import Foundation
import PersistenceCore
import SampleModels
import Lessons

enum WrongContextQueue03 {  // tutorial:hide
    /// Fix 1: `perform` sends the call back to the context's queue, the main queue.
    func contextInRightQueue(_ container: ModelContainer) async {
        await Task.detached {
            let context = container.viewContext
            await context.perform {
                context.reset()
            }
        }.value
    }

    /// Fix 2: the whole job inside the background context's `perform`, on its private queue.
    @MainActor
    func modelInRightContext(_ container: ModelContainer) async throws {
        let backgroundContext = container.newBackgroundContext()
        try await backgroundContext.perform {
            let item = Item(timestamp: .distantPast)
            backgroundContext.insert(item)
            item.timestamp = .now
            try backgroundContext.save()
        }
    }
}  // tutorial:hide
