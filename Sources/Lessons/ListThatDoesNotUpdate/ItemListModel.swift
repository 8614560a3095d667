import Dispatch
import Foundation
import Observation
import PersistenceCore
import SampleModels

/// The list's view model: a results observer on the main context, as a SwiftUI view would hold
/// `@Query` or a `ResultsObserver`, and a record of every time the list changed.
///
/// Used on the main queue only (the main context's), like the view that would show it.
final class ItemListModel: @unchecked Sendable {  // the main queue guards it: the lesson uses it only there
    let observer: ResultsObserver<Item, Never>
    /// When the list changed, and on which queue: one entry per delivery.
    private(set) var deliveries: [Delivery] = []
    private let clock = ContinuousClock()

    struct Delivery {
        let at: ContinuousClock.Instant
        let queueLabel: String
    }

    /// Observes every item, by number, in `mainContext`. Call on the main queue.
    init(mainContext: ModelContext) throws {
        observer = try ResultsObserver(fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.count)]), modelContext: mainContext)
        watch()
    }

    /// What the list shows now: each row's number and title.
    var rows: [ListThatDoesNotUpdate.Row] {
        observer.results.map { ListThatDoesNotUpdate.Row(number: $0.count, title: $0.title ?? "") }
    }

    /// Notes each change of the results, when and where it happens (Observation calls back as
    /// the results are about to change, on the queue that changes them), and watches again.
    private func watch() {
        withObservationTracking {
            _ = observer.results
        } onChange: { [self] in
            deliveries.append(Delivery(at: clock.now, queueLabel: DispatchQueue.currentLabel))
            // Re-arm once the change is done: the callback runs before the new value is set.
            DispatchQueue.main.async { self.watch() }
        }
    }
}
