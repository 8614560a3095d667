import PersistenceCore
import SampleModels
import Lessons

/// Core Data's `-com.apple.CoreData.SQLDebug 1` prints every statement; here the store counts
/// its reads. Read the count before and after the code you suspect.
func reads<T: Sendable>(of container: ModelContainer, during body: () async throws -> T) async rethrows -> (result: T, reads: Int) {
    let before = container.readCount
    let result = try await body()
    return (result, container.readCount - before)
}

/// The trips list: the MainActor only keeps values that a background context made, with
/// every trip's stops prefetched.
@MainActor
final class TripList {
    private(set) var rows: [TripSummary] = []

    func load(from container: ModelContainer) async throws {
        rows = try await RelationshipFaults.summaries(on: container.newBackgroundContext(), prefetching: true)
    }
}
