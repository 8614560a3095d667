import Foundation
import PersistenceCore
import SampleModels

/// A model actor that counts an item's likes, each one confirmed by a server first: article 004's
/// background `@ModelActor`, with an `await` in its method.
///
/// An actor runs one *job* at a time, not one *method* at a time: at every `await` inside a
/// method, the actor may run another call's job. So a method that reads a model, awaits, then
/// writes what it read can lose an update to a call that ran in between.
@ModelActor
actor LikeCounter {
    // tutorial:begin wrong-way
    /// The wrong way: reads the count, awaits the server, then writes what it read plus one. A
    /// second call can read the same count while the first one waits.
    func like(_ id: PersistentIdentifier, confirm: @Sendable () async -> Void) async throws {
        // The lab's own; SwiftData: self[id, as: Item.self]; Core Data: existingObject(with:).
        let item = try modelContext.existingModel(for: id, as: Item.self)
        let likes = item.count
        await confirm()                  // the actor may run another call's job here
        item.count = likes + 1           // writes a count that may be stale by now
        try modelContext.save()
    }
    // tutorial:end wrong-way

    // tutorial:begin right-ways
    /// Right way 1: read, write and save with nothing awaited in between; tell the server after.
    func likeThenConfirm(_ id: PersistentIdentifier, confirm: @Sendable () async -> Void) async throws {
        // The lab's own; SwiftData: self[id, as: Item.self]; Core Data: existingObject(with:).
        let item = try modelContext.existingModel(for: id, as: Item.self)
        item.count += 1
        try modelContext.save()
        await confirm()
    }

    /// Right way 2: await first, then read-modify-write in one synchronous step.
    func confirmThenLike(_ id: PersistentIdentifier, confirm: @Sendable () async -> Void) async throws {
        await confirm()
        // The lab's own; SwiftData: self[id, as: Item.self]; Core Data: existingObject(with:).
        let item = try modelContext.existingModel(for: id, as: Item.self)
        item.count += 1                  // read and write in one step: no await can come between
        try modelContext.save()
    }

    /// Right way 3: optimistic locking. Each call works in a context of its own whose saves throw
    /// on a conflict (`.error`): when another call saved first, it reads again and retries.
    /// Returns how many times it had to retry.
    func likeWithRetry(_ id: PersistentIdentifier, attempts: Int = 3, confirm: @Sendable () async -> Void) async throws -> Int {
        // The lab's spellings; Core Data: newBackgroundContext(), and existingObject(with:) below.
        let context = ModelContext(modelContainer, concurrencyType: .privateQueue)
        context.name = "like \(id.uriRepresentation.lastPathComponent)"
        context.mergePolicy = .error
        for attempt in 0..<attempts {
            let likes = try await context.perform { try context.existingModel(for: id, as: Item.self).count }
            await confirm()
            do {
                try await context.perform {
                    try context.existingModel(for: id, as: Item.self).count = likes + 1
                    try context.save()
                }
                return attempt
            } catch ModelError.mergeConflict {
                // Another call saved first: forget the stale row and read it again.
                await context.perform { context.rollback(); context.refreshAllObjects() }
            }
        }
        throw LessonError.unexpected("gave up after \(attempts) conflicting attempts")
    }
    // tutorial:end right-ways
}

/// A network call's stand-in: it suspends once and comes back, with no clock involved (the
/// explorer cannot order a sleep).
func confirmWithServer() async {
    await Task.yield()
}
