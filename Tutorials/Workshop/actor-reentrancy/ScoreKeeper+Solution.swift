import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the confirmation first, then the read-modify-write in one step.
    @ModelActor
    actor ScoreKeeper: ScoreKeeping {
        func addPoints(_ points: Int, to id: PersistentIdentifier, confirm: @Sendable () async -> Void) async throws {
            await confirm()
            // The lab's look-up, Core Data's existingObject(with:); SwiftData writes self[id, as:].
            let item = try modelContext.existingModel(for: id, as: Item.self)
            item.count += points
            try modelContext.save()
        }
    }
}
