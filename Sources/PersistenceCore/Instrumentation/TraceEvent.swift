import Foundation

/// One thing that happened during a recording (see ``TraceRecorder``): a span of work on a lane,
/// or an instant, with the arrows (flows) that lead into it.
public struct TraceEvent: Sendable, Hashable, Identifiable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A job on a queue: `perform`, `performAndWait`, a model actor's job, a merge's job.
        case job(String)
        /// A fetch of an entity, and how many models it returned.
        case fetch(entity: String, count: Int)
        /// A save, from its start to its end (its commit is an instant inside it).
        case save
        /// The save's transaction committed: the identifiers it inserted, updated and deleted.
        /// Merges and observer deliveries flow from it.
        case commit(inserted: [PersistentIdentifier], updated: [PersistentIdentifier], deleted: [PersistentIdentifier])
        /// The save posted ``ModelContext/didSave``, after its commit.
        case didSave
        /// A batch request committed: it posts no did-save, and no context merges it by itself.
        case batch(kind: String, entity: String, identifiers: [PersistentIdentifier])
        /// A context merged a save's (or a batch's) changes: the commit it flows from.
        case merge(updated: [PersistentIdentifier], deleted: [PersistentIdentifier], inserted: [PersistentIdentifier])
        /// A results observer in a context published what moved in its results.
        case delivery(observer: String, inserted: [PersistentIdentifier], updated: [PersistentIdentifier],
                      deleted: [PersistentIdentifier])
        /// A fault's row was read.
        case fault(PersistentIdentifier)
        /// `automaticallyMergesChangesFromParent` was set on a context.
        case automaticMerging(Bool)
        /// `ModelContainer.remoteChange` was posted for the transactions with token values in
        /// `tokens`, committed to the store `store`: every commit to the file posts one, another
        /// process's included. `changedElsewhere` is what other processes' transactions among
        /// them changed.
        case remoteChange(tokens: ClosedRange<Int64>, store: UUID, changedElsewhere: [PersistentIdentifier])
        /// A context fetched history: the transactions' token values, and what they changed.
        /// It flows from the remote-change notifications of those transactions.
        case historyFetch(tokens: [Int64], changed: [PersistentIdentifier])
        /// ``ConcurrencyDebug`` caught an operation away from its context's queue.
        case violation(ConcurrencyViolation)
        /// A span or instant named by the code being traced (``TraceRecorder/span(_:on:from:to:)``),
        /// such as the main queue's busy and waiting spans.
        case mark(String)
    }

    /// The event's number, never given twice in a process: flows name events by it.
    public let id: UInt64
    /// The lane it happened on.
    public let lane: TraceLane.ID
    /// When it started, since the recording began.
    public let start: Duration
    /// When it ended; nil for an instant.
    public internal(set) var end: Duration?
    public internal(set) var kind: Kind
    /// The events whose arrows lead here: a merge from the commit it merged, an observer's
    /// delivery from the merge or save that caused it.
    public internal(set) var flowsFrom: [UInt64]

    package init(id: UInt64, lane: TraceLane.ID, start: Duration, end: Duration?, kind: Kind, flowsFrom: [UInt64]) {
        self.id = id
        self.lane = lane
        self.start = start
        self.end = end
        self.kind = kind
        self.flowsFrom = flowsFrom
    }

    /// How long it lasted (zero for an instant).
    public var duration: Duration { (end ?? start) - start }

    /// Whether it is a span (it has an end), not an instant.
    public var isSpan: Bool { end != nil }

    /// A short name for the event, as a picture labels it.
    public var name: String {
        switch kind {
        case .job(let label): label
        case .fetch(let entity, let count): "fetch \(entity) (\(count))"
        case .save: "save"
        case .didSave: "did-save posted"
        case .commit(let inserted, let updated, let deleted): "commit " + Self.counts(inserted, updated, deleted)
        case .batch(let kind, let entity, let identifiers): "batch \(kind) \(entity) (\(identifiers.count))"
        case .merge(let updated, let deleted, let inserted): "merge " + Self.counts(inserted, updated, deleted)
        case .delivery(let observer, let inserted, let updated, let deleted): "\(observer) delivery " + Self.counts(inserted, updated, deleted)
        case .fault(let identifier): "fault \(identifier.entityName)"
        case .automaticMerging(let on): "automaticallyMergesChangesFromParent = \(on)"
        case .remoteChange(let tokens, _, let elsewhere):
            "remote-change notification (token \(tokens.upperBound))" + (elsewhere.isEmpty ? "" : ", another process changed \(elsewhere.count)")
        case .historyFetch(let tokens, _): "fetch history (\(tokens.count) transactions)"
        case .violation(let violation): "violation: \(violation.operation)"
        case .mark(let name): name
        }
    }

    /// `+1 ~2 -0`: how many were inserted, updated and deleted.
    static func counts(_ inserted: [PersistentIdentifier], _ updated: [PersistentIdentifier], _ deleted: [PersistentIdentifier]) -> String {
        "+\(inserted.count) ~\(updated.count) -\(deleted.count)"
    }
}

extension TraceEvent.Kind {
    /// A commit of `changes`, its identifiers listed as the sets hold them (see ``inStableOrder``).
    static func commit(_ changes: ModelContext.Changes) -> Self {
        .commit(inserted: Array(changes.inserted), updated: Array(changes.updated), deleted: Array(changes.deleted))
    }

    /// A merge of `changes`, its identifiers listed as the sets hold them (see ``inStableOrder``).
    static func merge(_ changes: ModelContext.Changes) -> Self {
        .merge(updated: Array(changes.updated), deleted: Array(changes.deleted), inserted: Array(changes.inserted))
    }

    /// Whether this kind names `identifier` among what it changed (or, for a history fetch, read).
    package func changes(_ identifier: PersistentIdentifier) -> Bool {
        changedIdentifiers.contains { $0.contains(identifier) }
    }

    /// The lists of identifiers this kind names among what it changed (or, for a history fetch,
    /// read): none for a kind that changes nothing.
    package var changedIdentifiers: [[PersistentIdentifier]] {
        switch self {
        case .commit(let inserted, let updated, let deleted), .delivery(_, let inserted, let updated, let deleted):
            [inserted, updated, deleted]
        case .merge(let updated, let deleted, let inserted):
            [inserted, updated, deleted]
        case .batch(_, _, let identifiers), .remoteChange(_, _, let identifiers), .historyFetch(_, let identifiers):
            [identifiers]
        default:
            []
        }
    }

    /// This kind with its lists of changed identifiers in a stable order (``ordered(_:)``): what
    /// a recording does to each event once it ends (``TraceRecorder/record(_:)``).
    ///
    /// Not while recording: the lists were sorted as each commit and merge was recorded, on the
    /// queue that ran it, and a 100k save's merge then took about 0.9 s on the main queue of a
    /// debug build where it takes microseconds untraced. The trace drew that as the merge's own
    /// time (list-of-everything's list of the first 100).
    var inStableOrder: Self {
        switch self {
        case .commit(let inserted, let updated, let deleted):
            .commit(inserted: Self.ordered(inserted), updated: Self.ordered(updated), deleted: Self.ordered(deleted))
        case .merge(let updated, let deleted, let inserted):
            .merge(updated: Self.ordered(updated), deleted: Self.ordered(deleted), inserted: Self.ordered(inserted))
        case .delivery(let observer, let inserted, let updated, let deleted):
            .delivery(observer: observer, inserted: Self.ordered(inserted), updated: Self.ordered(updated), deleted: Self.ordered(deleted))
        case .batch(let kind, let entity, let identifiers):
            .batch(kind: kind, entity: entity, identifiers: Self.ordered(identifiers))
        default:
            self
        }
    }

    /// Identifiers in a stable order: by entity, then primary key (temporary ones last). Each
    /// identifier's sort key is worked out once, not in every comparison.
    static func ordered(_ identifiers: [PersistentIdentifier]) -> [PersistentIdentifier] {
        identifiers.map { (entity: $0.entityName, key: $0.primaryKey ?? .max, identifier: $0) }
            .sorted { ($0.entity, $0.key) < ($1.entity, $1.key) }
            .map(\.identifier)
    }
}
