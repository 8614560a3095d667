import Foundation
import Scenarios
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
    @Test("The main-context import kept a main-queue tick waiting longer than the model actor's")
    func mainContextDelaysTheMainQueueLonger() async throws {
        let outcome = try await SharedRuns.backgroundStorage.value

        #expect(outcome.onMainContext.maxDelayMilliseconds > outcome.onModelActor.maxDelayMilliseconds)
    }

    @Test("The main-context import blocked the main queue for more of its run than the model actor's")
    func mainContextBlocksTheMainQueueLonger() async throws {
        let outcome = try await SharedRuns.backgroundStorage.value

        // Shares, not milliseconds in all: the imports take different times, and on a loaded
        // machine the main queue also waits for other work, for as long as a run lasts.
        #expect(outcome.onMainContext.blockedShare > outcome.onModelActor.blockedShare)
    }

    @Test("The view model ends with every imported DomainItem, either way")
    func viewModelShowsEveryItem() async throws {
        let outcome = try await SharedRuns.backgroundStorage.value

        #expect(outcome.itemCount == 2_000)
        #expect(outcome.onMainContext.itemsShown == outcome.itemCount)
        #expect(outcome.onModelActor.itemsShown == outcome.itemCount)
        #expect(outcome.onMainContext.showsEveryImportedItem)
        #expect(outcome.onModelActor.showsEveryImportedItem)
    }

    @Test("The main context works on the main queue, the model actor on a private one")
    func storagesWorkWhereTheySay() async throws {
        let outcome = try await SharedRuns.backgroundStorage.value

        #expect(outcome.onMainContext.contextQueueLabel == "com.apple.main-thread")
        #expect(outcome.onModelActor.contextQueueLabel.hasPrefix("ModelContext 0x"))
    }

    @Test("The report shows the blocked main queue, then the free one, and says so")
    func reportDemonstrates() async throws {
        let report = BackgroundStorage().report(try await SharedRuns.backgroundStorage.value)

        #expect(report.demonstrated)
        #expect(report.measurements.count == 9)
        #expect(report.measurements.allSatisfy { $0.value >= 0 })
    }

    @Test("ItemsModelActor adds, fetches and deletes items as DomainItems")
    func modelActorStorageRoundTrip() async throws {
        let container = try ScenarioEnvironment.test.makeContainer(for: [Item.self], name: #function)
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

    @Test("Its description names articles, a rule, and files that exist")
    func infoPointsAtRealFiles() {
        let info = BackgroundStorage.info

        #expect(!info.articles.isEmpty && !info.rule.isEmpty && !info.why.isEmpty)
        #expect(PackagePaths.missing(in: info) == [])
    }
}
