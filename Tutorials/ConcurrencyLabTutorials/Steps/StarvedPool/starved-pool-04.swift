import Foundation
import PersistenceCore
import SampleModels

enum StarvedPool04 {  // tutorial:hide
    /// In async code, wait for the context's queue with `await`: the task suspends until the
    /// block has run, and its thread runs other tasks meanwhile, the one that frees the queue
    /// included.
    func saveBatch(_ timestamps: [Date], in context: ModelContext) async throws -> Int {
        try await context.perform {
            for timestamp in timestamps {
                context.insert(Item(timestamp: timestamp))
            }
            try context.save()
            return try context.fetchCount(FetchDescriptor<Item>())
        }
    }

    /// Or a model actor: its methods run on its own context's queue, and its callers await them.
    @BackgroundModelActor  // the lab's own; SwiftData: @ModelActor, made off-main
    actor BatchSaver {
        func save(_ timestamps: [Date]) throws -> Int {
            for timestamp in timestamps {
                modelContext.insert(Item(timestamp: timestamp))
            }
            try modelContext.save()
            return try modelContext.fetchCount(FetchDescriptor<Item>())
        }
    }

    /// Any number of batches at once: every task suspends while it waits, so the group needs no
    /// more threads than the pool has, however busy the context's queue is.
    func importBatches(_ batches: [[Date]], into container: ModelContainer) async throws {
        let saver = BatchSaver(modelContainer: container)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for batch in batches {
                group.addTask { try await saver.save(batch) }
            }
            try await group.waitForAll()
        }
    }
}  // tutorial:hide
