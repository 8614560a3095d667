import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: `@concurrent` leaves the caller's actor, whoever calls, so the context
    /// is made off the main queue and gets a private queue of its own.
    struct ItemImportService: ItemImporting {
        let container: ModelContainer

        @concurrent
        func importItems(_ timestamps: [Date]) async throws -> Int {
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
}
