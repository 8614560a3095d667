import Foundation
import PersistenceCore
import SampleModels

/// Article 004's storage: a model actor that does every persistence operation on its own private
/// queue and hands out only ``DomainItem`` values.
///
/// `@BackgroundModelActor` rather than the article's `@ModelActor`: a `@ModelActor` created on the
/// main queue runs on the main queue (article 000's rule, and SwiftData's), and article 004 creates
/// its actor while the app starts, on the main thread. `@BackgroundModelActor` always makes a
/// private-queue context, wherever the actor is created.
@BackgroundModelActor
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
