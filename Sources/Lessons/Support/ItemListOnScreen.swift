import Foundation
import PersistenceCore
import SampleModels

/// A list on screen: the items by timestamp, all of them or the first `limit`, followed by a
/// results observer (the role of `@Query` and `NSFetchedResultsController`) on a main-queue
/// context. On the container's main context, SwiftData's, which merges every save of the
/// container's other contexts by itself, each merge and the list's update run on the main queue:
/// what the lesson list-of-everything, `lab bench` and the benchmarks' target 2 measure while a
/// background context imports. On Core Data's view context they run only once the app merges.
@MainActor public final class ItemListOnScreen {
    private let observer: ResultsObserver<Item, Never>

    /// A list on the container's main context, SwiftData's.
    public convenience init(on container: ModelContainer, limit: Int?) throws {
        try self.init(on: container.mainContext, limit: limit)
    }

    /// A list on `context`, a main-queue context: SwiftData's main context or Core Data's view
    /// context.
    public init(on context: ModelContext, limit: Int?) throws {
        var descriptor = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])
        descriptor.fetchLimit = limit
        observer = try ResultsObserver(fetchDescriptor: descriptor, modelContext: context)
    }

    /// How many items the list shows.
    public var count: Int { observer.results.count }

    /// The items the list shows, in its order, by identifier.
    public var identifiers: [PersistentIdentifier] { observer.results.map(\.persistentModelID) }
}
