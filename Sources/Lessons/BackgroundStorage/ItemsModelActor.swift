import Foundation
import PersistenceCore
import SampleModels

/// Article 004's storage, as the article writes it: a `@ModelActor` that does every persistence
/// operation on its context's queue and hands out only ``DomainItem`` values.
///
/// > Warning: Where it is created decides where it runs (article 000's rule, and SwiftData's):
/// > `@ModelActor`'s `init(modelContainer:)` makes `ModelContext(modelContainer)`, a main-queue
/// > context when called on the main queue. Article 004 creates this actor while the app starts,
/// > on the main thread, so its imports run on the main queue after all. Create it in
/// > `Task.detached`, or declare it `@BackgroundModelActor`, which always takes a private queue.
@ModelActor
public actor ItemsModelActor: Storage {
    public func addItem() throws -> DomainItem {
        let item = Item(timestamp: Date())
        modelContext.insert(item)
        try modelContext.save()
        return DomainItem(item)
    }

    public func importItems(_ items: [DomainItem]) throws {
        for item in items {
            modelContext.insert(Item(id: item.id, timestamp: item.timestamp))
        }
        try modelContext.save()
    }

    public func deleteItem(withId id: UUID) throws {
        try modelContext.delete(model: Item.self, where: #Predicate { $0.id == id })
        try modelContext.save()
    }

    public func fetchItems() throws -> [DomainItem] {
        try modelContext.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])).map { DomainItem($0) }
    }
}
