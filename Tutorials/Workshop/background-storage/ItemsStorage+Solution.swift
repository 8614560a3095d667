import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the same methods, on a model actor with a private queue.
    /// (`@BackgroundModelActor` is the lab's own macro: SwiftData writes `@ModelActor` and makes
    /// the actor off the main actor.)
    @BackgroundModelActor
    actor ItemsStorage: Storage {
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
}
