import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: each call suspends until the context's queue has run its block, and
    /// gives its thread back to the pool meanwhile.
    struct BatchImporter: BatchImporting {
        func saveBatch(_ timestamps: [Date], in context: ModelContext) async throws {
            try await context.perform {
                for timestamp in timestamps {
                    context.insert(Item(timestamp: timestamp))
                }
                try context.save()
            }
        }

        func countItems(in context: ModelContext) async throws -> Int {
            try await context.perform {
                try context.fetchCount(FetchDescriptor<Item>())
            }
        }
    }
}
