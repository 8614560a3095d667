import Foundation
import SampleModels

/// The screen's state, on the MainActor: a list of ``DomainItem`` values and a ``Storage`` to
/// change them through (article 004's `ContentView`, without SwiftUI).
///
/// It holds values, never models, so it does not care which queue the storage works on; but the
/// main queue it runs on does: while the storage works *on* the main queue, nothing else there
/// (drawing, touches) can run.
@MainActor
public final class ItemListViewModel {
    /// What the list shows, oldest first.
    public private(set) var items: [DomainItem] = []
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// Loads every item from the storage.
    public func load() async throws {
        items = try await storage.fetchItems()
    }

    /// Adds one item and shows it.
    public func addItem() async throws {
        items.append(try await storage.addItem())
    }

    /// Deletes the item with `id` and stops showing it.
    public func deleteItem(withId id: UUID) async throws {
        try await storage.deleteItem(withId: id)
        items.removeAll { $0.id == id }
    }

    /// Imports `newItems` through the storage, then shows what the storage holds.
    public func importItems(_ newItems: [DomainItem]) async throws {
        try await storage.importItems(newItems)
        try await load()
    }
}
