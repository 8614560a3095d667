import Foundation
import Observation

/// A fetch that keeps itself up to date: SwiftData's `ResultsObserver`, the role Core Data's
/// `NSFetchedResultsController` and SwiftUI's `@Query` play for a list on screen.
///
/// ```swift
/// let observer = try ResultsObserver<Item, Never>(
///     fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.timestamp)]),
///     modelContext: container.mainContext)
/// observer.results          // the models, registered in that context; @Observable
/// for await items in observer.updates { … }
/// ```
///
/// It updates, on the context's queue, right after each thing its context does that may change
/// the answer (placing a few changed rows in memory, or fetching again; see
/// `FastPaths/ResultsObserver+Incremental.swift`): the context's own saves, merges of other contexts' saves (automatic, or by
/// hand with `mergeChanges(fromContextDidSave:)` or `mergeChanges(fromRemoteContextSave:into:)`),
/// refreshes, `rollback()` and `reset()`. It never sees what its context has not merged: a
/// background save reaches the list only if the context merges it, and a batch request only if
/// it is merged by hand. That is Core Data's rule, and the lesson "the list that does not update".
/// Changes that name only other entities cost it nothing.
///
/// It belongs to its context's queue, like the models it holds: create it, and read it, there
/// (the main context's on the MainActor).
@Observable
public final class ResultsObserver<Element: PersistentModel, SectionTitle: Hashable> {
    /// What ``results`` holds: the observed models, in order.
    public typealias Results = [Element]

    /// The models the descriptor matches, in its order, registered in ``modelContext``.
    ///
    /// Observed by hand rather than by `@Observable`'s generated accessors: since Swift 6.2 those
    /// skip the notification when the new value equals the old one, and models are equal by
    /// identity, so an update that only changed the models' values would notify no one.
    public private(set) var results: Results {
        get {
            access(keyPath: \.results)
            return storedResults
        }
        set {
            withMutation(keyPath: \.results) { storedResults = newValue }
        }
    }
    @ObservationIgnored private var storedResults: Results = []
    /// What the last update changed; empty before the first.
    public private(set) var lastChange = Change()

    /// What one update changed, by identifier.
    public struct Change: Sendable, Hashable {
        /// Models that entered the results.
        public var inserted: Set<PersistentIdentifier> = []
        /// Models that left them (deleted, or no longer matching).
        public var deleted: Set<PersistentIdentifier> = []
        /// Models still in the results whose values changed.
        public var updated: Set<PersistentIdentifier> = []
        /// Models still in the results at another place.
        public var moved: Set<PersistentIdentifier> = []

        public init() {}

        /// True when the update changed nothing that shows.
        public var isEmpty: Bool { inserted.isEmpty && deleted.isEmpty && updated.isEmpty && moved.isEmpty }
    }

    /// The context the results live in.
    @ObservationIgnored public let modelContext: ModelContext
    /// What the observer fetches; ``filterBy`` and ``sortBy`` change it.
    @ObservationIgnored public internal(set) var fetchDescriptor: FetchDescriptor<Element>
    /// The error of the last fetch that failed, if the last one did; the results stay as they were.
    @ObservationIgnored public private(set) var lastError: (any Error)?
    /// How many times the observer has fetched, the first fetch included (for the tests: at most
    /// once per event that concerns it, none when it placed a few changed rows in memory).
    @ObservationIgnored private(set) var fetchCount = 0
    @ObservationIgnored private let signals = UpdateSignals()
    /// The title of a model's section, read through the `sectionBy` key path; nil when the
    /// observer has no sections (``ResultsObserver+Sections``).
    @ObservationIgnored let sectionTitle: ((Element) -> SectionTitle)?
    /// The sort on the `sectionBy` key path, kept first in ``fetchDescriptor`` whatever ``sortBy`` says.
    @ObservationIgnored let sectionSort: SortDescriptor<Element>?

    /// `sortBy` after the section's sort, if the observer has sections: so that each section's
    /// models are contiguous, whatever the caller sorts by.
    static func sortBy(_ sortBy: [SortDescriptor<Element>], after sectionSort: SortDescriptor<Element>?) -> [SortDescriptor<Element>] {
        (sectionSort.map { [$0] } ?? []) + sortBy
    }

    init(descriptor: FetchDescriptor<Element>, context: ModelContext, sectionTitle: ((Element) -> SectionTitle)? = nil,
         sectionSort: SortDescriptor<Element>? = nil) throws {
        context.checkQueue("ResultsObserver.init")
        self.modelContext = context
        self.sectionTitle = sectionTitle
        self.sectionSort = sectionSort
        var descriptor = descriptor
        descriptor.sortBy = Self.sortBy(descriptor.sortBy, after: sectionSort)
        self.fetchDescriptor = descriptor
        results = try context.fetch(descriptor)
        fetchCount = 1
        context.addObserver(self)
    }

    /// The results now, then again after every update: for code that prefers `for await`.
    /// Iterate it on the observer's isolation (the context's queue): it hands out the models
    /// themselves, which never leave their context's queue.
    public var updates: Updates { Updates(observer: self, signal: signals.makeSignal()) }

    /// The successive results of an observer.
    ///
    /// The stream underneath carries only a signal (`Void` is `Sendable`); each step reads
    /// ``results`` on the iterating code's isolation, so no model crosses a boundary.
    public struct Updates: AsyncSequence {
        public typealias Element = Results
        public typealias Failure = Never
        let observer: ResultsObserver
        let signal: AsyncStream<Void>

        public func makeAsyncIterator() -> Iterator {
            Iterator(observer: observer, signals: signal.makeAsyncIterator())
        }

        public struct Iterator: AsyncIteratorProtocol {
            let observer: ResultsObserver
            var signals: AsyncStream<Void>.Iterator
            var startedWithCurrentResults = false

            public mutating func next(isolation actor: isolated (any Actor)?) async -> Results? {
                if !startedWithCurrentResults {
                    startedWithCurrentResults = true
                    return observer.results
                }
                guard await signals.next(isolation: actor) != nil else { return nil }
                return observer.results
            }

            public mutating func next() async -> Results? {
                await next(isolation: nil)
            }
        }
    }

    deinit {
        signals.finishAll()
    }
}

extension ResultsObserver where SectionTitle == Never {
    /// Observes what `fetchDescriptor` matches in `modelContext`. Call it on the context's queue
    /// (for the main context, on the MainActor); the first fetch happens now, and throws what
    /// it throws.
    public convenience init(fetchDescriptor: FetchDescriptor<Element>, modelContext: ModelContext,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(descriptor: fetchDescriptor, context: modelContext)
    }

    /// Observes the models matching `predicate`, sorted by `sortBy`, in `modelContext`.
    public convenience init(filterBy predicate: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>] = [],
                            modelContext: ModelContext, isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(descriptor: FetchDescriptor(predicate: predicate, sortBy: sortBy), context: modelContext)
    }

    /// Observes `fetchDescriptor` in a context of its own on `modelContainer`: the container's
    /// main context, so call it on the main queue (the MainActor). Elsewhere it throws
    /// ``ModelError/contextMismatch(_:)``: a context cannot take an arbitrary actor's
    /// isolation here, so pass a context made on your queue instead.
    public convenience init(fetchDescriptor: FetchDescriptor<Element>, modelContainer: ModelContainer,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(descriptor: fetchDescriptor, context: try Self.mainContext(of: modelContainer))
    }
}

extension ResultsObserver {
    /// The container's main context, when the caller is on the main queue, where it may use it.
    static func mainContext(of container: ModelContainer) throws -> ModelContext {
        guard QueueIdentity.isOnMainQueue else {
            throw ModelError.contextMismatch("ResultsObserver(fetchDescriptor:modelContainer:) observes the container's main context and must be made on the main queue; elsewhere, pass a context made on your queue with init(fetchDescriptor:modelContext:)")
        }
        return container.ownedContext(.mainContext)
    }
}

extension ResultsObserver: ContextObserver {
    /// Fetches again if `event` may change the results, and publishes what changed.
    func contextDidChange(_ event: ContextEvent) {
        guard event.concerns(entities: modelContext.entityNames(ofKind: Element.self)) else { return }
        if let (fresh, change) = incrementalUpdate(after: event) {
            publish(fresh, change, causedBy: event.traceEvent)
        } else {
            refetch(updated: event.updated, causedBy: event.traceEvent)
        }
    }

    /// Fetches again and publishes what changed, given what was updated (nil: anything may have
    /// been); a fetch that fails keeps the results and is recorded in ``lastError``.
    func refetch(updated: Set<PersistentIdentifier>?, causedBy cause: UInt64 = 0) {
        let fresh: [Element]
        do {
            fresh = try modelContext.fetch(fetchDescriptor)
            fetchCount += 1
            lastError = nil
        } catch {
            lastError = error
            return
        }
        publish(fresh, Self.change(from: results.map(\.persistentModelID), to: fresh.map(\.persistentModelID), updated: updated),
                causedBy: cause)
    }

    /// Makes `fresh` the results and tells observers, unless nothing changed; a recording traces
    /// the delivery, flowing from the traced event that caused it (`cause`, 0 for none).
    private func publish(_ fresh: [Element], _ change: Change, causedBy cause: UInt64 = 0) {
        guard !change.isEmpty else { return }
        results = fresh
        lastChange = change
        TraceRecorder.instant(.delivery(observer: "ResultsObserver<\(Element.self)>", inserted: Array(change.inserted),
                                        updated: Array(change.updated), deleted: Array(change.deleted)),
                              on: modelContext, flowsFrom: [cause])
        signals.signalAll()
    }
}

/// The signals behind an observer's `updates` sequences: one stream of `Void` per iteration.
final class UpdateSignals: Sendable {
    /// Ended from whatever thread cancels a stream, so behind a lock, not on the context's queue.
    private let continuations = Locked<[UUID: AsyncStream<Void>.Continuation]>([:])

    /// A new stream; it keeps only the latest unread signal, since each step reads the latest
    /// results anyway.
    func makeSignal() -> AsyncStream<Void> {
        let key = UUID()
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: key) }
        }
        continuations.withLock { $0[key] = continuation }
        return stream
    }

    func signalAll() {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.yield()
        }
    }

    func finishAll() {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.finish()
        }
    }
}
