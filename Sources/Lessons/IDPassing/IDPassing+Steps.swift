import Foundation
import PersistenceCore
import SampleModels

// Steps the lesson runs and the exit tests run again, where a trap may really happen.
extension IDPassing {
    /// The timestamp every saved item of this lesson carries, so a lookup can prove it read the row.
    public static let savedTimestamp = Date(timeIntervalSinceReferenceDate: 700_000_000)

    /// Inserts and saves an item on a background context of `container`; returns its identifier.
    public static func saveItem(in container: ModelContainer, count: Int = 0) async throws -> PersistentIdentifier {
        try await container.performBackgroundTask { context in
            context.name = "saver"
            let item = Item(timestamp: savedTimestamp, count: count)
            context.insert(item)
            try context.save()
            return item.persistentModelID
        }
    }

    /// Deletes the item's row, from another background context, and saves.
    public static func deleteItem(_ identifier: PersistentIdentifier, in container: ModelContainer) async throws {
        try await container.performBackgroundTask { context in
            context.name = "deleter"
            context.delete(try context.existingModel(for: identifier, as: Item.self))
            try context.save()
        }
    }

    /// `model(for:)` in a fresh context, then a read of the fault's timestamp: the read loads the
    /// row, or stops the process when the row is gone ("could not fulfill a fault").
    public static func readThroughModelFor(_ identifier: PersistentIdentifier, in container: ModelContainer) async -> Date {
        let context = container.newBackgroundContext()
        context.name = "fresh context"
        return await context.perform {
            let item = context.model(for: identifier) as! Item
            return item.timestamp
        }
    }

    /// Article 003's `delItem(id:)`: the identifier crosses, a background context looks the item up
    /// with `model(for:)`, deletes it and saves.
    public static func delItem(id: PersistentIdentifier, in container: ModelContainer) async throws {
        let bgContext = container.newBackgroundContext()
        bgContext.name = "deleter"
        try await bgContext.perform {
            let item = bgContext.model(for: id)
            bgContext.delete(item)
            try bgContext.save()
        }
    }

    /// Articles 000 and 003's `delItem(item:)` as Swift 6 accepts it: on the model's own context,
    /// with `performAndWait`. Its block is `@Sendable` in Core Data's current SDK, as `perform`'s,
    /// so it cannot capture the model (the articles' Swift 5 code did; see compiler-lessons,
    /// `model-from-its-context`): the identifier crosses, and `model(for:)` hands back the
    /// instance the context has registered.
    public static func delItem(item: Item) throws {
        guard let context = item.modelContext else { return }
        let id = item.persistentModelID
        try context.performAndWait {
            context.delete(context.model(for: id))
            try context.save()
        }
    }

    /// A context holds the item, another deletes it and saves, the holder merges the deletion and
    /// reads the held model: the read stops the process ("This model instance was invalidated").
    public static func touchHeldItemAfterDeletion(in container: ModelContainer) async throws -> Date {
        let id = try await saveItem(in: container)
        let holder = container.newBackgroundContext()
        holder.name = "holder"
        holder.automaticallyMergesChangesFromParent = true
        let held = try await holder.perform { Smuggled(try holder.existingModel(for: id, as: Item.self)) }
        try await deleteItem(id, in: container)
        return await holder.perform(schedule: .enqueued) { held.value.timestamp }
    }

    /// The message the process stops with when a fault for `identifier` is touched after its row
    /// was deleted: what `readThroughModelFor` would print.
    public static func faultTrapMessage(for identifier: PersistentIdentifier) -> String {
        "could not fulfill a fault for \(identifier): the row no longer exists in the store"
    }
}
