import Foundation
import Observation
import PersistenceCore
import SampleModels

/// The right way: the app's list follows another process's writes through history.
///
/// A `HistoryObserver` counts the store's new transactions; on each count the list fetches the
/// history after the token it kept, skips its own author's transactions, merges the rest into the
/// view context (whose `ResultsObserver` then updates the list) and keeps the new token, in a
/// file, as an app keeps it between launches.
@MainActor
final class HistoryFollowingList {
    /// The app's own author: its transactions are already in its context.
    nonisolated static let appAuthor = "app"

    let list: MainContextList
    private let mainContext: ModelContext
    private let observer: HistoryObserver
    private let tokenFile: URL
    private(set) var lastToken: DefaultHistoryToken?
    /// Each time the list merged history: when, up to which token, and the rows it then showed.
    private(set) var merges: [(at: Date, token: DefaultHistoryToken, rows: [String])] = []
    private var waiters: [(token: DefaultHistoryToken, continuation: CheckedContinuation<Void, Never>)] = []

    init(container: ModelContainer, tokenFile: URL) throws {
        mainContext = container.viewContext
        list = try MainContextList(mainContext)
        self.tokenFile = tokenFile
        lastToken = (try? Data(contentsOf: tokenFile)).flatMap { try? JSONDecoder().decode(DefaultHistoryToken.self, from: $0) }
        observer = try HistoryObserver(observedModels: [Item.self], modelContainer: container)
        followEvents()
    }

    /// What the list shows: each item's title.
    var rows: [String] { list.rows }

    /// Waits until the list has merged history up to `token`.
    func waitForMerge(through token: DefaultHistoryToken) async {
        if let lastToken, lastToken >= token { return }
        await withCheckedContinuation { waiters.append((token, $0)) }
    }

    /// Re-arms Observation on the counter after each change: `onChange` fires once.
    private func followEvents() {
        withObservationTracking { _ = observer.eventCounter } onChange: { [weak self] in
            Task { @MainActor in
                self?.mergeNewHistory()
                self?.followEvents()
            }
        }
    }

    /// Fetches what came after the kept token from other authors, merges it, keeps the new token.
    func mergeNewHistory() {
        let after = lastToken
        let appAuthor = Self.appAuthor
        let descriptor = after.map { token in
            HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > token && $0.author != appAuthor })
        } ?? HistoryDescriptor(predicate: #Predicate { $0.author != appAuthor })
        guard let transactions = try? mainContext.fetchHistory(descriptor), let newest = transactions.last?.token else { return }
        var changes = ModelContext.Changes()
        for change in transactions.flatMap(\.changes) {
            switch change {
            case .insert(let insert): changes.inserted.insert(insert.changedPersistentIdentifier)
            case .update(let update): changes.updated.insert(update.changedPersistentIdentifier)
            case .delete(let delete): changes.deleted.insert(delete.changedPersistentIdentifier)
            }
        }
        mainContext.mergeChanges(fromContextDidSave: changes)  // on the main queue already
        lastToken = newest
        try? JSONEncoder().encode(newest).write(to: tokenFile)
        merges.append((Date(), newest, rows))
        let reached = waiters.filter { $0.token <= newest }
        waiters.removeAll { $0.token <= newest }
        for waiter in reached { waiter.continuation.resume() }
    }
}

/// A list on the view context: a `ResultsObserver` of every item by title, as a view holds one.
@MainActor
final class MainContextList {
    let results: ResultsObserver<Item, Never>

    init(_ mainContext: ModelContext) throws {
        results = try ResultsObserver(fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.title)]), modelContext: mainContext)
    }

    /// What the list shows: each item's title.
    var rows: [String] { results.results.map { $0.title ?? "" } }
}
