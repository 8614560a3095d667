import Foundation
import PersistenceCore
import SampleModels
import Synchronization

extension ModelActorExecutor {
    /// The same three operations written twice: with `perform` closures around every use of a
    /// context (Core Data's way, article 000's first listing), and as a model actor (SwiftData's).
    ///
    /// Both take and return only `Sendable` values, identifiers and counts, so either can be
    /// called from anywhere.
    protocol ItemUpdates: Sendable {
        /// Inserts and saves an item; returns its identifier.
        func insertItem(count: Int) async throws -> PersistentIdentifier
        /// Adds `amount` to the item's count and saves.
        func updateItem(identifier: PersistentIdentifier, adding amount: Int) async throws
        /// The counts of every item, in insertion order.
        func counts() async throws -> [Int]
    }

    /// The Core Data way: a context, and a `perform` around every use of it.
    struct PerformItemUpdates: ItemUpdates {
        let context: ModelContext
        /// How many `perform` calls this value made.
        let performs = CallCounter()
        /// How many of their closures ran on the context's queue.
        let closuresOnTheContextQueue = CallCounter()

        func insertItem(count: Int) async throws -> PersistentIdentifier {
            performs.increment()
            return try await context.perform { [closuresOnTheContextQueue] in
                if context.isOnQueue { closuresOnTheContextQueue.increment() }
                let item = Item(timestamp: .now, count: count)
                context.insert(item)
                try context.save()
                return item.persistentModelID
            }
        }

        func updateItem(identifier: PersistentIdentifier, adding amount: Int) async throws {
            performs.increment()
            try await context.perform { [closuresOnTheContextQueue] in
                if context.isOnQueue { closuresOnTheContextQueue.increment() }
                let item = try context.existingModel(for: identifier, as: Item.self)
                item.count += amount
                try context.save()
            }
        }

        func counts() async throws -> [Int] {
            performs.increment()
            return try await context.perform { [closuresOnTheContextQueue] in
                if context.isOnQueue { closuresOnTheContextQueue.increment() }
                return try context.fetch(FetchDescriptor<Item>()).map(\.count)
            }
        }
    }

    /// The model-actor way: the actor's code already runs on its context's queue.
    @BackgroundModelActor
    actor ActorItemUpdates: ItemUpdates {
        /// How many of this actor's method calls ran on its context's queue.
        private(set) var callsOnTheContextQueue = 0

        func insertItem(count: Int) throws -> PersistentIdentifier {
            noteQueue()
            let item = Item(timestamp: .now, count: count)
            modelContext.insert(item)
            try modelContext.save()
            return item.persistentModelID
        }

        func updateItem(identifier: PersistentIdentifier, adding amount: Int) throws {
            noteQueue()
            guard let item = self[identifier, as: Item.self] else {
                throw LessonError.unexpected("no item \(identifier)")
            }
            item.count += amount
            try modelContext.save()
        }

        func counts() throws -> [Int] {
            noteQueue()
            return try modelContext.fetch(FetchDescriptor<Item>()).map(\.count)
        }

        private func noteQueue() {
            if modelContext.isOnQueue { callsOnTheContextQueue += 1 }
        }
    }

    /// Counts calls from any thread.
    final class CallCounter: Sendable {
        private let count = Atomic<Int>(0)

        func increment() {
            count.add(1, ordering: .relaxed)
        }

        var value: Int {
            count.load(ordering: .relaxed)
        }
    }
}
