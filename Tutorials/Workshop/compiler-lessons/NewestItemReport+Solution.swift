import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the actor returns a `Sendable` copy, read on its own queue. (The lab's
    /// own `@BackgroundModelActor`; SwiftData code writes `@ModelActor`, made off the main actor.)
    @BackgroundModelActor
    actor NewestItemFinder {
        func newestItem() throws -> DomainItem? {
            var newestFirst = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp, order: .reverse)])
            newestFirst.fetchLimit = 1
            return try modelContext.fetch(newestFirst).first.map(DomainItem.init)
        }
    }

    /// Solved: the caller reads a plain value.
    struct NewestItemReport: NewestItemReporting {
        func newestTimestamp(in container: ModelContainer) async throws -> Date? {
            let finder = NewestItemFinder(modelContainer: container)
            let newest = try await finder.newestItem()
            return newest?.timestamp
        }
    }
}
