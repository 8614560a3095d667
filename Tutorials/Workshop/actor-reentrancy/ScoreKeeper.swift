// Workshop exercise: Keep every point when the actor awaits
// Lesson actor-reentrancy (`swift run lab run actor-reentrancy`), articles 000, 001 and 004.
//
// `ScoreKeeper` adds points to an item's count once a referee confirms them. Two calls that
// overlap sometimes lose points: not always, so a test that runs it once may pass. Make every
// point count in every order the runtime could run the two calls, and keep the referee's
// confirmation before the points are added.
//
// Check your work:  swift run lab workshop actor-reentrancy
// (the checker runs two calls in every schedule, and prints the first one that loses points)
//
// Hint 1: An actor runs one job at a time, not one method at a time. What can another call do
//         while this one awaits `confirm()`?
// Hint 2: `score` was read before the await. By the time the write happens, it may be stale.
// Hint 3: Await the confirmation first, then read and write the count in one step with no await
//         in between: `await confirm()`, then `item.count += points`, then save.

import PersistenceCore
import SampleModels

/// Adds confirmed points to an item's count. (`existingModel(for:as:)` is the lab's look-up, Core
/// Data's `existingObject(with:)`; SwiftData code writes the model actor's `self[id, as:]`.)
@ModelActor
actor ScoreKeeper: ScoreKeeping {
    func addPoints(_ points: Int, to id: PersistentIdentifier, confirm: @Sendable () async -> Void) async throws {
        let item = try modelContext.existingModel(for: id, as: Item.self)
        let score = item.count
        await confirm()
        item.count = score + points
        try modelContext.save()
    }
}
