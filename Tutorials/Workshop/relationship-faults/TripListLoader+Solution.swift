import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: one fetch with the stops prefetched, in a private-queue context; the
    /// rows, values, go back to the list.
    struct TripListLoader: TripListLoading {
        func loadTrips(from container: ModelContainer) async throws -> [TripRow] {
            var descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
            // Every trip's stops in one more query, instead of one per trip and one per stop.
            descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops]
            // A private queue: the main queue only receives the rows.
            let context = container.newBackgroundContext()
            return try await context.perform { [descriptor] in
                try context.fetch(descriptor).map(TripRow.init)
            }
        }
    }
}
