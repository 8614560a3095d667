// Workshop exercise: Return Sendable values, not models
// Lesson compiler-lessons (`swift run lab run compiler-lessons`), articles 000 and 004.
//
// `NewestItemFinder` returned an `Item`, and Swift 6 refused to compile the caller: "non-sendable
// type 'Item' returned by implicitly asynchronous call to actor-isolated function cannot cross
// actor boundary". Someone silenced the compiler with `ItemBox`, an `@unchecked Sendable` box.
// It compiles, and the caller now reads the item off the actor's queue: the very data race the
// compiler was warning about. Return a `Sendable` value instead, and delete the box.
//
// Check your work:  swift run lab workshop compiler-lessons
//
// Hint 1: `@unchecked Sendable` is a promise that something else guards the value. Nothing does:
//         `box.item.timestamp` runs on the caller's thread.
// Hint 2: Read what the caller needs while still on the actor, and return a copy: article 004's
//         `DomainItem(item)` is `Sendable`, and so are `Date` and `PersistentIdentifier`.
// Hint 3: Make `newestItem()` return `DomainItem?` (`items.first.map(DomainItem.init)`), and read
//         `.timestamp` from that.

import Foundation
import PersistenceCore
import SampleModels

/// What someone wrote to make the compiler stop complaining.
struct ItemBox: @unchecked Sendable {  // @unchecked: nothing guards `item`; that is the mistake
    let item: Item
}

/// Finds the newest item, on a private queue of its own: the lab's own `@BackgroundModelActor`
/// (SwiftData code writes `@ModelActor` and makes the actor off the main actor).
@BackgroundModelActor
actor NewestItemFinder {
    func newestItem() throws -> ItemBox? {
        var newestFirst = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp, order: .reverse)])
        newestFirst.fetchLimit = 1
        return try modelContext.fetch(newestFirst).first.map(ItemBox.init)
    }
}

/// What the screen shows: the time of the newest item.
struct NewestItemReport: NewestItemReporting {
    func newestTimestamp(in container: ModelContainer) async throws -> Date? {
        let finder = NewestItemFinder(modelContainer: container)
        let newest = try await finder.newestItem()
        return newest?.item.timestamp
    }
}
