import Foundation
import PersistenceCore
import SampleModels

/// A list on screen: the items by timestamp, all of them or the first `limit`, followed by a
/// results observer (the role of `@Query`) on the container's main context, SwiftData's, which
/// merges every save of the container's other contexts by itself. Each merge, and the list's
/// update, run on the main queue: what `lab bench` and the benchmarks' target 2 measure while a
/// background context imports.
@MainActor public final class ItemListOnScreen {
    private let observer: ResultsObserver<Item, Never>

    public init(on container: ModelContainer, limit: Int?) throws {
        var descriptor = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])
        descriptor.fetchLimit = limit
        observer = try ResultsObserver(fetchDescriptor: descriptor, modelContext: container.mainContext)
    }

    /// How many items the list shows.
    public var count: Int { observer.results.count }
}
