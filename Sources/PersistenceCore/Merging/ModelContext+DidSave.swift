import Foundation

extension ModelContext {
    /// Posted after every successful save (`object` is the context); `userInfo` reads as
    /// ``Changes`` with ``Changes/init(notification:)``.
    ///
    /// Batch requests post nothing, as in Core Data: "the save to the store doesn't generate an
    /// NSManagedObjectContextDidSave notification" (Apple, *Consuming relevant store changes*).
    public static let didSave = Notification.Name("ModelContextDidSave")

    /// Posted when a save with changes begins, on the context's queue, before anything is
    /// written (`object` is the context, no `userInfo`): SwiftData's `willSave`, Core Data's
    /// `NSManagedObjectContextWillSave`. An observer may still change models; they are saved too.
    public static let willSave = Notification.Name("ModelContextWillSave")

    /// SwiftData's keys of a ``didSave`` notification's `userInfo`, read as SwiftData code reads
    /// them: `userInfo[ModelContext.NotificationKey.insertedIdentifiers.rawValue] as? [PersistentIdentifier]`.
    ///
    /// A save posts the three identifier arrays (empty when none); `invalidatedAllIdentifiers` and
    /// `queryGeneration` are SwiftData's too, and no save here posts them.
    public enum NotificationKey: String, Sendable, Hashable, CaseIterable {
        /// The persistent identifiers of the models the save inserted, as `[PersistentIdentifier]`.
        case insertedIdentifiers
        /// Of the models it updated.
        case updatedIdentifiers
        /// Of the models it deleted.
        case deletedIdentifiers
        /// SwiftData's key for every model being invalidated; not posted here.
        case invalidatedAllIdentifiers
        /// SwiftData's key for the store generation in use; not posted here.
        case queryGeneration
    }

    /// The identifiers a save or batch request inserted, updated and deleted.
    ///
    /// The sets of a batch request are built the first time they are read (see `IdentifierSet`):
    /// a batch over many rows costs nothing more when no one looks at what it changed.
    public struct Changes: Sendable, Hashable, Codable {
        private var insertedSet: IdentifierSet
        private var updatedSet: IdentifierSet
        private var deletedSet: IdentifierSet
        /// The traced event that made these changes (a commit, a batch, a merge), which the events
        /// they cause flow from; 0 when no recording was on (see ``TraceRecorder``). Not part of
        /// equality.
        var traceEvent: UInt64 = 0

        public var inserted: Set<PersistentIdentifier> {
            get { insertedSet.set }
            set { insertedSet = IdentifierSet(newValue) }
        }
        public var updated: Set<PersistentIdentifier> {
            get { updatedSet.set }
            set { updatedSet = IdentifierSet(newValue) }
        }
        public var deleted: Set<PersistentIdentifier> {
            get { deletedSet.set }
            set { deletedSet = IdentifierSet(newValue) }
        }

        public init(inserted: Set<PersistentIdentifier> = [], updated: Set<PersistentIdentifier> = [],
                    deleted: Set<PersistentIdentifier> = []) {
            insertedSet = IdentifierSet(inserted)
            updatedSet = IdentifierSet(updated)
            deletedSet = IdentifierSet(deleted)
        }

        /// What a save changed: the new rows by primary key (made into identifiers on first read).
        init(insertedRows: [RowGroup], updated: Set<PersistentIdentifier>, deleted: Set<PersistentIdentifier>) {
            insertedSet = IdentifierSet(rows: insertedRows)
            updatedSet = IdentifierSet(updated)
            deletedSet = IdentifierSet(deleted)
        }

        /// What a batch request changed: the rows `primaryKeys` of `entity`, updated or deleted.
        init(batchOn entity: EntitySQL, primaryKeys: [Int64], deleting: Bool) {
            insertedSet = IdentifierSet()
            updatedSet = deleting ? IdentifierSet() : IdentifierSet(rowsOf: entity, primaryKeys: primaryKeys)
            deletedSet = deleting ? IdentifierSet(rowsOf: entity, primaryKeys: primaryKeys) : IdentifierSet()
        }

        /// Reads the changes of a ``ModelContext/didSave`` notification; nil for another notification.
        public init?(notification: Notification) {
            guard notification.name == ModelContext.didSave, let userInfo = notification.userInfo else { return nil }
            self.init(userInfo: userInfo)
        }

        /// Reads changes from a notification's `userInfo`: the ``userInfo`` of some changes, or
        /// three sets of identifiers under the keys `inserted`, `updated` and `deleted`.
        public init?(userInfo: [AnyHashable: Any]) {
            if let changes = userInfo[Key.changes] as? Changes {
                self = changes
                return
            }
            guard let inserted = userInfo[Key.inserted] as? Set<PersistentIdentifier>,
                  let updated = userInfo[Key.updated] as? Set<PersistentIdentifier>,
                  let deleted = userInfo[Key.deleted] as? Set<PersistentIdentifier>
            else { return nil }
            self.init(inserted: inserted, updated: updated, deleted: deleted)
        }

        /// The `userInfo` of the notification: the changes themselves, so that posting them does
        /// not build sets no observer may read (read it with ``init(userInfo:)``); and, for code
        /// written for SwiftData, the identifiers as arrays under ``ModelContext/NotificationKey``'s
        /// raw values. Arrays need no hashing and one allocation each: importing 100k models in one
        /// save allocated as often with them as without (see `Benchmarks/HISTORY.md`, issue 36).
        public var userInfo: [AnyHashable: Any] {
            [Key.changes: self,
             NotificationKey.insertedIdentifiers.rawValue: insertedSet.array,
             NotificationKey.updatedIdentifiers.rawValue: updatedSet.array,
             NotificationKey.deletedIdentifiers.rawValue: deletedSet.array]
        }

        /// Whether any inserted, updated or deleted identifier is of the entity `name`; never
        /// builds a set, so a batch over another entity costs an observer nothing.
        func mentions(entity name: String) -> Bool {
            insertedSet.mentions(entity: name) || updatedSet.mentions(entity: name) || deletedSet.mentions(entity: name)
        }

        /// True when nothing changed; never builds a set.
        public var isEmpty: Bool { insertedSet.isEmpty && updatedSet.isEmpty && deletedSet.isEmpty }

        public static func == (lhs: Changes, rhs: Changes) -> Bool {
            lhs.inserted == rhs.inserted && lhs.updated == rhs.updated && lhs.deleted == rhs.deleted
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(inserted)
            hasher.combine(updated)
            hasher.combine(deleted)
        }

        private enum CodingKeys: String, CodingKey {
            case inserted, updated, deleted
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(inserted: try container.decode(Set<PersistentIdentifier>.self, forKey: .inserted),
                      updated: try container.decode(Set<PersistentIdentifier>.self, forKey: .updated),
                      deleted: try container.decode(Set<PersistentIdentifier>.self, forKey: .deleted))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(inserted, forKey: .inserted)
            try container.encode(updated, forKey: .updated)
            try container.encode(deleted, forKey: .deleted)
        }

        enum Key {
            static let changes = "changes"
            static let inserted = "inserted"
            static let updated = "updated"
            static let deleted = "deleted"
        }
    }
}

extension ModelContainer {
    /// Every commit made after this property is read, in commit order: each save of a context of
    /// the store, and each batch request. A child's save into its parent commits nothing: it comes
    /// when the root saves.
    ///
    /// Each read is a new subscription; it ends when the loop that consumes it is cancelled.
    /// Unlike ``ModelContext/didSave``, it carries batch requests too: it plays the part of Core
    /// Data's persistent history, which records batch operations, while contexts and the
    /// notification see only saves.
    public var changes: AsyncStream<ModelContext.Changes> {
        broadcaster.subscribe()
    }

    /// Sends committed changes to subscribers and, for a save (`origin` not nil), to auto-merging
    /// contexts; called under the store's lock, so everyone sees changes in commit order.
    func publish(_ changes: ModelContext.Changes, from origin: ModelContext?) {
        guard !changes.isEmpty else { return }
        broadcaster.publish(changes, from: origin)
    }

    /// Posts ``ModelContext/didSave`` on `NotificationCenter.default`, outside the store's lock.
    func postDidSave(_ changes: ModelContext.Changes, from origin: ModelContext?) {
        guard !changes.isEmpty else { return }
        ExplorationSeam.willAccess(.didSave)
        NotificationCenter.default.post(name: ModelContext.didSave, object: origin, userInfo: changes.userInfo)
    }
}
