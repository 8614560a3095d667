// Workshop exercise: Write the Storage actor of article 004
// Lesson background-storage (`swift run lab run background-storage`), article 004.
//
// The app talks to its data only through `Storage` and gets `DomainItem`s back, as article 004
// recommends. But this storage works on the container's main context, so an import of a
// thousand items keeps the main queue, the one that draws the UI, busy from start to end.
// Turn it into a model actor with a private queue of its own. Its methods may stay as they are.
//
// Check your work:  swift run lab workshop background-storage
//
// Hint 1: The lab's own `@MainModelActor` (after CoreDataEvolution's `@NSMainModelActor`) makes
//         a MainActor class that works on `container.mainContext`.
// Hint 2: The lab's own `@BackgroundModelActor` (after CoreDataEvolution's `@NSModelActor`) makes
//         an actor whose context, and so whose every method, runs on a private queue; callers
//         `await` it and get `Sendable` values back. SwiftData has neither macro: an app writes
//         `@ModelActor` and makes the actor off the main actor.
// Hint 3: Article 004 writes `@ModelActor`, but the app makes the storage at launch, on the
//         MainActor, where a `@ModelActor` takes the main queue (`lab run background-storage`
//         measures it).
// Hint 4: Replace `@MainModelActor final class ItemsStorage` with
//         `@BackgroundModelActor actor ItemsStorage`.

import Foundation
import PersistenceCore
import SampleModels

/// Article 004's storage: every persistence operation of the app, behind one type. The lab's own
/// `@MainModelActor` puts it on the main context (in SwiftData, a `@MainActor` class that holds
/// `container.mainContext`).
@MainModelActor
final class ItemsStorage: Storage {
    func addItems(_ timestamps: [Date]) throws -> [DomainItem] {
        let items = timestamps.map { Item(timestamp: $0) }
        for item in items {
            modelContext.insert(item)
        }
        try modelContext.save()
        return items.map(DomainItem.init)
    }

    func deleteItem(withId id: UUID) throws {
        try modelContext.delete(model: Item.self, where: #Predicate { $0.id == id })
        try modelContext.save()
    }

    func fetchItems() throws -> [DomainItem] {
        let items = try modelContext.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)]))
        return items.map(DomainItem.init)
    }
}
