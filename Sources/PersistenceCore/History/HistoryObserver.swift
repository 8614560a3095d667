import Foundation
import Observation

/// Counts the batches of new history transactions that concern some models: SwiftData's
/// `HistoryObserver`.
///
/// ```swift
/// let observer = try HistoryObserver(observedModels: [Item.self], modelContainer: container)
/// // in a view, or withObservationTracking: observer.eventCounter changed → fetch history
/// ```
///
/// It listens for ``ModelContainer/remoteChange``; on each, it reads the transactions after the
/// token it holds for the store, and if any changed a model of `observedModels` (any model when
/// empty) and was written by one of `authors` (any author when empty), ``eventCounter`` goes up
/// by one. Its token moves past every transaction it read, relevant or not. It counts; fetching
/// and merging the history is yours to do (`fetchHistory`, then
/// `ModelContext.mergeChanges(fromRemoteContextSave:into:)`).
///
/// ``eventCounter`` changes on the actor the observer was made on (`isolation`, the caller's by
/// default: the MainActor for a view's model), or, made outside any actor, on the thread that
/// posted the notification.
@Observable
public final class HistoryObserver: @unchecked Sendable {  // @unchecked: the counter and the tokens are behind Locked values; the rest is immutable
    /// How many batches of relevant transactions the observer has seen.
    public var eventCounter: Int {
        access(keyPath: \.eventCounter)
        return counter.value
    }
    /// The token of the last transaction read, by store identifier.
    public var historyTokens: [String: DefaultHistoryToken] { tokens.value }
    /// The model types whose changes count; empty for every model.
    @ObservationIgnored public let observedModels: [any PersistentModel.Type]
    /// The authors whose transactions count; empty for every author.
    @ObservationIgnored public let authors: Set<String>
    /// The container whose store is watched.
    @ObservationIgnored public let modelContainer: ModelContainer

    @ObservationIgnored private let counter = Locked(0)
    @ObservationIgnored private let tokens: Locked<[String: DefaultHistoryToken]>
    @ObservationIgnored private let observedEntities: Set<String>
    @ObservationIgnored private let isolation: (any Actor)?
    @ObservationIgnored private let registration = Locked<(any NSObjectProtocol)?>(nil)

    /// Starts observing.
    ///
    /// - Parameters:
    ///   - historyTokens: where to start, by store identifier (the tokens an earlier observer's
    ///     ``historyTokens`` held); nil to start at the newest transaction, so that only what is
    ///     committed from now on counts.
    ///   - observedModels: the model types whose changes count; empty for every model.
    ///   - authors: the authors whose transactions count; empty for every author.
    ///   - modelContainer: the container whose store is watched.
    ///   - isolation: the actor ``eventCounter`` changes on; the caller's by default.
    /// - Throws: ``ModelError/historyUnavailable(_:)`` for an in-memory store,
    ///   ``ModelError/invalidHistoryToken(_:)`` for a token of another store.
    public init(historyTokens: [String: DefaultHistoryToken]? = nil, observedModels: [any PersistentModel.Type] = [],
                authors: Set<String> = [], modelContainer: ModelContainer,
                isolation: isolated (any Actor)? = #isolation) throws {
        let store = modelContainer.store
        guard store.url != nil else {
            throw ModelError.historyUnavailable("it is in memory, and only file stores record history (another process cannot open an in-memory store)")
        }
        guard modelContainer.configuration.recordsHistory else {
            throw ModelError.historyUnavailable("its configuration turned history off (recordsHistory: false)")
        }
        let storeIdentifier = store.storeIdentifier.uuidString
        var start: DefaultHistoryToken
        if let given = historyTokens?[storeIdentifier] {
            start = given
        } else {
            start = DefaultHistoryToken(storeIdentifier: storeIdentifier, value: try modelContainer.store.read { (connection) throws(ModelError) in try HistoryTables.newestToken(in: connection) })
        }
        if let foreign = historyTokens?.keys.first(where: { $0 != storeIdentifier }) {
            throw ModelError.invalidHistoryToken("it is keyed by the store \(foreign), and this container's store is \(storeIdentifier)")
        }
        self.tokens = Locked([storeIdentifier: start])
        self.observedModels = observedModels
        self.observedEntities = Set(observedModels.map { $0.entitySchema.name })
        self.authors = authors
        self.modelContainer = modelContainer
        self.isolation = isolation
        let token = NotificationCenter.default.addObserver(forName: ModelContainer.remoteChange, object: modelContainer,
                                                           queue: nil) { [weak self] _ in
            self?.readNewTransactions()
        }
        registration.withLock { $0 = token }
    }

    deinit {
        if let token = registration.withLock({ $0 }) { NotificationCenter.default.removeObserver(token) }
    }

    /// Reads what came after the token; counts one event if any of it is relevant.
    private func readNewTransactions() {
        let relevant: Bool? = tokens.withLock { tokens in
            guard let (storeIdentifier, token) = tokens.first else { return nil }
            let transactions: [DefaultHistoryTransaction]
            do {
                transactions = try modelContainer.history(#Predicate { $0.token > token }, checkingExpiry: false)
            } catch {
                return nil  // the store could not be read now: the next notification tries again
            }
            guard let newest = transactions.last?.token else { return false }
            tokens[storeIdentifier] = newest
            return transactions.contains(where: isRelevant)
        }
        guard relevant == true else { return }
        if let isolation {
            Task { await self.countEvent(on: isolation) }
        } else {
            countEvent(on: nil)
        }
    }

    private func isRelevant(_ transaction: DefaultHistoryTransaction) -> Bool {
        guard authors.isEmpty || transaction.author.map(authors.contains) == true else { return false }
        return observedEntities.isEmpty
            || transaction.changes.contains { observedEntities.contains($0.changedPersistentIdentifier.entityName) }
    }

    private func countEvent(on isolation: isolated (any Actor)?) {
        withMutation(keyPath: \.eventCounter) {
            counter.withLock { $0 += 1 }
        }
    }
}
