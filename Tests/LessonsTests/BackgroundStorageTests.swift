import Foundation
import SampleModels
import Lessons
import Testing

/// Article 004: the same view model imports the same items through the main context, then through
/// a model actor, while a heartbeat ticks on the main queue every millisecond.
///
///     main queue                                  ItemsModelActor's queue
///     wrong way: insert × N, save, fetch, map
///       (heartbeat ticks wait the whole time)
///     right way: await storage.importItems        insert × N, save
///       (heartbeat ticks on time)                 fetch, map to DomainItem
///     items = [DomainItem]
///
/// Only relations that hold on any machine are asserted, never absolute timings.
@Suite("background-storage: an import on a model actor leaves the main queue free")
struct BackgroundStorageTests {
    @Test("ItemsModelActor adds, fetches and deletes items as DomainItems")
    func modelActorStorageRoundTrip() async throws {
        let container = try LessonEnvironment.test.makeContainer(for: [Item.self], name: #function)
        let storage = ItemsModelActor(modelContainer: container)
        let viewModel = await ItemListViewModel(storage: storage)

        try await viewModel.addItem()
        try await viewModel.addItem()
        let first = try #require(await viewModel.items.first)
        try await viewModel.deleteItem(withId: first.id)
        try await viewModel.load()

        let left = await viewModel.items
        #expect(left.count == 1)
        #expect(left.first?.id != first.id)
    }
}
