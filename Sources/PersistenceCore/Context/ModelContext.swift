import Dispatch
import Foundation
import Synchronization

/// A scratchpad of model objects bound to one queue: SwiftData's `ModelContext`, Core Data's
/// `NSManagedObjectContext`.
///
/// A context and every model it registers belong to its queue: the main queue for a
/// ``ConcurrencyType/mainQueue`` context, a serial queue of its own for a
/// ``ConcurrencyType/privateQueue`` one. Use them only there: inside ``perform(_:)`` or
/// ``performAndWait(_:)``, on a model actor, or (for a main-queue context) on the MainActor.
/// The context itself is `Sendable`, so it can be handed anywhere; what it holds cannot.
///
/// > Warning: Calling a context's methods from another queue is the classic Core Data bug. Turn on
/// > ``ConcurrencyDebug`` to catch it.
// Where the rest of ModelContext lives: its extensions sit with the concept they serve. Follow one
// operation from top to bottom, down to the store and SQLite; a "fast path" is a speed trick kept in
// FastPaths/ (each named in its README, with the plain code it replaces). ModelContextMapTests fails
// when a file named here moves.
//
// - A save: Context/ModelContext+Save.swift (the transaction) → Relationships/DeletePropagation.swift
//   (delete rules, before the write) → Context/ModelContext+UniqueValues.swift (repeated unique
//   values) → Context/SavePlan.swift (each row's write, optimistic locking; the SQL is
//   Store/EntitySQL.swift's, relationships' Relationships/RelationshipWrites.swift's) →
//   Store/SQLiteStore.swift (the writer connection, one transaction) → SQLite/SQLiteConnection.swift
//   and SQLite/SQLiteStatement.swift (the C API) → Context/SaveOutcome.swift and
//   History/HistoryTables.swift (the transaction's history; fast path:
//   FastPaths/HistoryInsertionRuns.swift) → Merging/ModelContext+DidSave.swift (the did-save
//   notification, after the commit). Fast paths on the way: FastPaths/BackingDataEdits.swift (what
//   a changed model records), SQLite/SQLiteConnection+UpdatedRows.swift. A child context saves
//   into its parent instead: Nesting/ModelContext+SaveToParent.swift.
// - A fetch: Fetch/ModelContext+Fetch.swift (descriptor → SQL → registered models; the predicate's
//   SQL is Fetch/PredicateTranslator.swift's) → Store/ReaderPool.swift (a reader beside the
//   writer) → SQLite/SQLiteStatement.swift (each row; fast path:
//   SQLite/SQLiteStatement+ColumnValue.swift, read into FastPaths/RowValues.swift) →
//   Context/ModelContext+Uniquing.swift and FastPaths/UniquingTable.swift (one model per row) →
//   FastPaths/BackingData+Adoption.swift and FastPaths/ModelContext+MaterializeAll.swift (making
//   the models) → Context/ModelContext+Subentities.swift (rows of subentities) →
//   Relationships/ModelContext+Prefetching.swift (relationshipKeyPathsForPrefetching; fast paths:
//   FastPaths/ModelContext+RelatedScan.swift, FastPaths/RelatedModels.swift). A child context
//   reads through its parent: Nesting/ModelContext+FetchThroughParent.swift.
// - A merge: Merging/ModelContext+Merging.swift (another context's save into this one) →
//   Relationships/ModelContext+RelationshipMerging.swift (relationships of what it refreshed) →
//   Observing/ContextObservation.swift (what results observers hear; fast path:
//   FastPaths/ResultsObserver+Incremental.swift). Other processes' commits reach SwiftData's main
//   context through History/ModelContainer+MainContextHistory.swift.
// - Queues: Context/ModelContext+Perform.swift (perform, performAndWait, every job) and
//   Debug/ (ConcurrencyDebug, the check every access makes: Concurrency/QueueWatchdog.swift).
// - Editing and lookups: Context/ModelContext+Editing.swift (insert, delete, rollback; a graph's
//   insertion: Relationships/ModelContext+Inverses.swift), Context/ModelContext+Lookup.swift
//   (model(for:), registeredModel(for:), existingObject), and Context/ModelContext+Uniquing.swift
//   (where registered models live: the table, the new ones).
// - A model's values: Model/BackingData.swift (every attribute's get and set; fast paths:
//   FastPaths/IdentitySlot.swift, FastPaths/ContextLinkSlot.swift).
//
// @unchecked: the mutable state below is only touched on the context's queue, which every public
// entry point checks (ConcurrencyDebug) or hops to (perform); the two thread-safe settings are atomics.
public final class ModelContext: @unchecked Sendable {
    /// Whether this context runs on the main queue or on a private queue.
    public let concurrencyType: ConcurrencyType
    /// The label of the queue the context's work runs on: `com.apple.main-thread`, or
    /// `ModelContext 0x…` (unique per context) for a private queue.
    public private(set) var queueLabel: String
    /// The queue itself.
    public private(set) var queue: DispatchQueue

    /// This context's mark on its private queue, compared by ``isOnQueue``: a number never
    /// reused, unlike an address (a new context may get a freed one's address).
    package let token: UInt = ModelContext.nextToken.add(1, ordering: .relaxed).newValue
    private static let nextToken = Atomic<UInt>(0)

    private enum ContainerReference {
        case strong(ModelContainer)
        case owner(UnownedContainer, OwnedRole)  // the main or view context: the container owns it
    }

    /// Which of its container's own main-queue contexts a context is.
    enum OwnedRole {
        /// SwiftData's ``ModelContainer/mainContext``: `@MainActor`, merging by itself.
        case mainContext
        /// Core Data's ``ModelContainer/viewContext``: merging only when told.
        case viewContext
    }

    private struct UnownedContainer {
        unowned let container: ModelContainer
    }
    private let containerReference: ContainerReference
    /// What this context's objects hold of it (see ``ContextLink``).
    let link: ContextLink

    /// Whether this context follows SwiftData's rules where the two frameworks differ (made by
    /// SwiftData's `ModelContext(_:)`, or the container's `mainContext`), rather than Core Data's
    /// (`newBackgroundContext()`, `viewContext`, an explicit concurrency type, a parent).
    let followsSwiftData: Bool

    /// The context this one reads through and saves into, or nil for a context of the store:
    /// Core Data's `parent` (see <doc:NestedContexts>). A child's ``save()`` pushes its changes
    /// into its parent only; the root's save writes the store.
    public let parent: ModelContext?
    /// This context's children that merge its saves automatically (see `Nesting/ChildContexts.swift`).
    let mergingChildren = ChildContexts()

    // Queue-confined state.
    /// The uniquing table: one instance per identifier, kept by entity and primary key
    /// (`FastPaths/UniquingTable.swift`). A model inserted here and not saved yet is not in it but
    /// in `insertedObjects` (found by its temporary identifier through `newModelsByIdentifier`):
    /// its key changes when it is saved, so it is filed once, under its permanent identifier (see
    /// `ModelContext+Uniquing.swift`).
    var registered = UniquingTable()
    /// `insertedObjects` by temporary identifier, made by the first lookup that needs it and
    /// dropped when the new models change (see `ModelContext+Uniquing.swift`).
    @exclusivity(unchecked) var newModelsByIdentifier: [PersistentIdentifier: any PersistentModel]?
    /// Unsaved changes. New models in insertion order: a model is in the list exactly while its
    /// backing data has the `inserted` flag, which answers "is it new here?" without a lookup.
    /// Changed and deleted models keyed by the object (its identifier changes when it is saved).
    ///
    /// Without Swift's run-time check that accesses do not overlap, as `BackingData`'s state: each
    /// access is one append, lookup, insertion or removal (see `FastPaths/README.md`). The
    /// uniquing table keeps the check: a fetch passes it `inout` across the models' initializers.
    @exclusivity(unchecked) var insertedObjects: [any PersistentModel] = []
    @exclusivity(unchecked) var updatedObjects: [ObjectIdentifier: any PersistentModel] = [:]
    @exclusivity(unchecked) var deletedObjects: [ObjectIdentifier: any PersistentModel] = [:]
    /// The query generation reads are pinned to, and the snapshot that holds it once a read has
    /// pinned it (see ``queryGeneration``).
    var pinnedGeneration: QueryGeneration?
    var pinnedSnapshot: PinnedSnapshot?
    /// The results observers following this context (see ``ResultsObserver``).
    var contextObservers: [WeakContextObserver] = []
    /// Whether an autosave is already queued for the end of this turn (see ModelContext+Autosave.swift).
    var autosaveQueued = false
    private let storedMergePolicy = Locked<MergePolicy>(.error)
    private let storedAuthor = Locked<String?>(nil)
    private let storedName = Locked<String?>(nil)
    /// ``autosaveEnabled``'s storage: an atomic, since SwiftData lets any thread set it.
    let autosaves = Atomic<Bool>(false)

    private let mergesAutomatically = Atomic<Bool>(false)

    /// Which of its container's own contexts this is, if it is one: ``ModelContainer/mainContext``
    /// or ``ModelContainer/viewContext``.
    var ownedRole: OwnedRole? {
        if case .owner(_, let role) = containerReference { role } else { nil }
    }

    /// The container this context belongs to.
    public var container: ModelContainer {
        switch containerReference {
        case .strong(let container): container
        case .owner(let reference, _): reference.container
        }
    }

    /// The container, for a job queued on a context the container owns (its main or view
    /// context, which holds it unowned): the job keeps it alive until it has run, since code may
    /// let the container go while a merge or an autosave waits on the main queue. Nil for any
    /// other context, which holds its container already.
    var containerForQueuedJob: ModelContainer? {
        if case .owner(let reference, _) = containerReference { reference.container } else { nil }
    }

    /// A context bound by SwiftData's rule: the main queue if created on the main queue (the
    /// MainActor), otherwise a private queue of its own.
    ///
    /// The queue decides, not the thread: `Task {}` started on the MainActor still runs on the
    /// main queue, so a context made there is a main-queue context; use `Task.detached` (or
    /// ``ModelContainer/newBackgroundContext()``) for a private one.
    ///
    /// SwiftData's only initializer. Such a context sees its container's other contexts' saves
    /// with no merging code, as SwiftData's contexts do ("When a save is triggered on your
    /// background context, its changes will automatically be reflected in your other contexts",
    /// Hacking with Swift, *How to create a background context*): it starts with
    /// ``automaticallyMergesChangesFromParent`` on, a name SwiftData does not have.
    public convenience init(_ container: ModelContainer) {
        self.init(container, parent: nil,
                  concurrencyType: QueueIdentity.isOnMainQueue ? .mainQueue : .privateQueue, followsSwiftData: true)
        setAutomaticMerging(true)
    }

    /// A context bound by Core Data's rule, to the queue you name: `NSManagedObjectContext(concurrencyType:)`.
    ///
    /// It merges nothing until ``automaticallyMergesChangesFromParent`` is set, as Core Data's
    /// contexts (default false). SwiftData has no such initializer: its contexts are made with
    /// ``init(_:)``.
    public convenience init(_ container: ModelContainer, concurrencyType: ConcurrencyType) {
        self.init(container, parent: nil, concurrencyType: concurrencyType)
    }

    /// A child of `parent`, bound to the queue you name: Core Data's parent context. It fetches
    /// through its parent (its results include the parent's unsaved changes), and its ``save()``
    /// pushes its changes into the parent only; the parent's save writes the store (or pushes
    /// them one level further up). It belongs to the parent's container.
    public convenience init(parent: ModelContext, concurrencyType: ConcurrencyType) {
        self.init(parent.container, parent: parent, concurrencyType: concurrencyType)
    }

    /// A context of `container` on the queue named, reading through `parent` if there is one.
    private init(_ container: ModelContainer, parent: ModelContext?, concurrencyType: ConcurrencyType, followsSwiftData: Bool = false) {
        self.concurrencyType = concurrencyType
        self.followsSwiftData = followsSwiftData
        self.parent = parent
        self.containerReference = .strong(container)
        self.link = ContextLink(accessPolicy: container.accessPolicySwitch)
        self.queue = .main
        self.queueLabel = QueueIdentity.mainQueueLabel
        link.bind(self)
        if concurrencyType == .privateQueue {
            bindPrivateQueue()
        }
        ExplorationSeam.controller?.noteCreated(self)
    }

    /// One of the container's own main-queue contexts, which the container keeps alive.
    init(ownedBy container: ModelContainer, as role: OwnedRole) {
        self.concurrencyType = .mainQueue
        self.followsSwiftData = role == .mainContext
        self.parent = nil
        self.containerReference = .owner(UnownedContainer(container: container), role)
        self.link = ContextLink(accessPolicy: container.accessPolicySwitch)
        self.queue = .main
        self.queueLabel = QueueIdentity.mainQueueLabel
        link.bind(self)
        ExplorationSeam.controller?.noteCreated(self)
        // SwiftData's main context merges by itself and autosaves; Core Data's view context does
        // neither until told.
        if role == .mainContext {
            setAutomaticMerging(true)
            autosaves.store(true, ordering: .relaxed)
        }
    }

    /// A private queue of its own, at `.utility` quality of service: background work yields to
    /// the main thread. (At the default QoS, a model actor importing in 1k batches made the main
    /// queue wait 1-3 ms at the 99th percentile on 2 cores; at `.utility`, 0.04 ms.)
    private func bindPrivateQueue() {
        let address = UInt(bitPattern: ObjectIdentifier(self))
        let label = "ModelContext 0x" + String(address, radix: 16)
        let queue = DispatchQueue(label: label, qos: .utility)
        queue.setSpecific(key: QueueIdentity.contextQueueKey, value: token)
        self.queue = queue
        self.queueLabel = label
    }

    /// How a save resolves conflicts with newer versions in the store. Default ``MergePolicy/error``;
    /// thread-safe.
    public var mergePolicy: MergePolicy {
        get { storedMergePolicy.withLock { $0 } }
        set { storedMergePolicy.withLock { $0 = newValue } }
    }

    /// Who this context's saves are recorded as in history (``HistoryTransaction/author``): Core
    /// Data's `transactionAuthor`, SwiftData's `author`. Name each process or role ("app",
    /// "widget", "importer") to tell its transactions from others'. Default nil; thread-safe.
    public var author: String? {
        get { storedAuthor.withLock { $0 } }
        set { storedAuthor.withLock { $0 = newValue } }
    }

    /// What to call this context in messages and explored schedules ("importer", "editor"):
    /// Core Data's `name`. Default nil; thread-safe.
    public var name: String? {
        get { storedName.withLock { $0 } }
        set {
            storedName.withLock { $0 = newValue }
            TraceRecorder.rename(self, to: newValue)
        }
    }

    /// Whether other contexts' saves are merged into this one, on its queue, in save order:
    /// every other context's commit to the store for a context of the store, its parent's saves
    /// for a child (Core Data: "changes saved to its persistent store coordinator or parent
    /// context"). Batch requests are never merged by it. Thread-safe, as in Core Data.
    public var automaticallyMergesChangesFromParent: Bool {
        get { mergesAutomatically.load(ordering: .relaxed) }
        set { setAutomaticMerging(newValue) }
    }

    func setAutomaticMerging(_ on: Bool) {
        TraceRecorder.instant(.automaticMerging(on), on: self)
        mergesAutomatically.store(on, ordering: .relaxed)
        // A child merges its parent's saves; a context of the store, the other contexts' commits.
        if let parent {
            parent.mergingChildren.set(on, for: self)
        } else {
            container.broadcaster.setAutomaticMerging(on, for: self)
        }
    }

    // MARK: Where am I?

    /// True when the current code may use this context: it runs on the context's queue, or the
    /// context is waiting for it in `performAndWait` further up the chain (see `QueueWatchdog`).
    public var isOnQueue: Bool { QueueWatchdog.allows(self) }

    /// Every public entry point's one call to the rule: reports `operation` as a violation if it
    /// runs off this context's queue (see ``QueueWatchdog``).
    func checkQueue(_ operation: @autoclosure () -> String) {
        QueueWatchdog.check(operation(), on: self)
    }
}
