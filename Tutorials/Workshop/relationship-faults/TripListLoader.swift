// Workshop exercise: Load the trips list with its stops prefetched, in the background
// Lesson relationship-faults (`swift run lab run relationship-faults`), articles 003 and 004.
//
// The trips list shows every trip with its stops' titles, one `TripRow` per trip. `loadTrips`
// makes the rows on the main context: it fetches the trips, and `TripRow(trip)` reads each
// trip's stops. A relationship is a fault until touched, so that is one read of the store for
// the trips, one per trip for its stops and one per stop (N+1), all on the main queue, the one
// that draws the UI. Read every trip's stops with the fetch, in a background context, and hand
// the list the rows: values, not models.
//
// Check your work:  swift run lab workshop relationship-faults
//
// Hint 1: Count the reads: `container.readCount` before and after `loadTrips`. Faulting, 40
//         trips of 5 stops take 1 + 40 + 200 reads; `lab run relationship-faults` shows 4,201
//         for 200 trips of 20 stops.
// Hint 2: `descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops]` reads every trip's
//         stops with the fetch: the trips, then their stops in one more read per 500 trips at
//         most, however many stops (2 reads for 40 trips).
// Hint 3: Then take the work off the main queue: drop `@MainActor`, fetch in a private-queue
//         context (`container.newBackgroundContext()` and its `perform`, or
//         `container.performBackgroundTask`), make the rows there and return them: a `TripRow`
//         is `Sendable`, a `Trip` is not.
// Hint 4: `let context = container.newBackgroundContext()`, then `return try await
//         context.perform { [descriptor] in try context.fetch(descriptor).map(TripRow.init) }`.

import Foundation
import PersistenceCore
import SampleModels

/// Loads what the trips list shows.
struct TripListLoader: TripListLoading {
    @MainActor
    func loadTrips(from container: ModelContainer) async throws -> [TripRow] {
        // The list's own context: the main context, on the MainActor.
        let context = container.mainContext
        let descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        return try context.fetch(descriptor).map(TripRow.init)
    }
}
