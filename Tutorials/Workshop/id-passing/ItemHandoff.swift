// Workshop exercise: Pass identifiers between two actors
// Lesson id-passing (`swift run lab run id-passing`), articles 000, 003 and 004.
//
// `ItemInserter` creates an item on its own context; `ItemCounter`, another model actor, must
// then update that item. A model cannot cross from one actor to the other (the compiler says
// so), so the inserter hands over the item's `PersistentIdentifier`. Two mistakes keep the
// counter from ever finding the item. Find and fix both.
//
// Check your work:  swift run lab workshop id-passing
//
// Hint 1: An identifier taken before the first save is temporary: it names the object only in
//         the context that inserted it. Print `id.isTemporary` (the lab's; SwiftData has it only
//         from iOS 27, and Core Data spells it `objectID.isTemporaryID`).
// Hint 2: Take the identifier after `save()`. Core Data could also call `obtainPermanentIDs(for:)`
//         before it (the lab's `modelContext.obtainPermanentIdentifiers(for:)`); SwiftData has no
//         such method.
// Hint 3: `registeredModel(for:)` only finds objects this context already holds, and a new
//         actor's context holds none. `self[id, as: Item.self]` (Core Data's `existingObject(with:)`)
//         loads the object from the store, and returns nil only if the row is gone.

import Foundation
import PersistenceCore
import SampleModels

/// Creates items on a private queue of its own. `@BackgroundModelActor` is the lab's own macro:
/// an app writes SwiftData's `@ModelActor` and makes the actor off the main actor, or in Core Data
/// runs the work in a background context's `perform` (or uses CoreDataEvolution's `@NSModelActor`).
@BackgroundModelActor
actor ItemInserter: ItemInserting {
    func insertItem(stamped date: Date) throws -> PersistentIdentifier {
        let item = Item(timestamp: date)
        modelContext.insert(item)
        let id = item.persistentModelID
        try modelContext.save()
        return id
    }
}

/// Updates items it is told about by identifier, on a private queue of its own (the lab's
/// `@BackgroundModelActor`, as above).
@BackgroundModelActor
actor ItemCounter: ItemCounting {
    func setCount(_ count: Int, ofItemWith id: PersistentIdentifier) throws {
        guard let item = modelContext.registeredModel(for: id) as Item? else { return }
        item.count = count
        try modelContext.save()
    }
}
