import Foundation
import PersistenceCore
import SampleModels

/// The storage of Xcode's SwiftData template, which article 004 profiles: everything on the
/// container's main context, so everything on the main queue.
///
/// It keeps the same ``Storage`` protocol, so the same view model can use it; only the queue
/// differs. A small insert here is harmless; an import of thousands of items blocks the main
/// queue (the UI) for as long as it takes.
@MainModelActor  // the lab's own; SwiftData: a @ModelActor made on the MainActor
public final class MainContextStorage: Storage {
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
