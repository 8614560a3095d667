import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the identifier is taken after the save, so it is permanent.
    /// (`@BackgroundModelActor` is the lab's own macro: SwiftData writes `@ModelActor` and makes
    /// the actor off the main actor.)
    @BackgroundModelActor
    actor ItemInserter: ItemInserting {
        func insertItem(stamped date: Date) throws -> PersistentIdentifier {
            let item = Item(timestamp: date)
            modelContext.insert(item)
            try modelContext.save()
            return item.persistentModelID
        }
    }

    /// Solved: the item is loaded from the store when this context does not hold it.
    /// (The lab's own `@BackgroundModelActor`, as above.)
    @BackgroundModelActor
    actor ItemCounter: ItemCounting {
        func setCount(_ count: Int, ofItemWith id: PersistentIdentifier) throws {
            guard let item = self[id, as: Item.self] else { return }
            item.count = count
            try modelContext.save()
        }
    }
}
