import PersistenceCore

/// A plain-Swift model of what the store and three contexts should hold, for the model-based test.
///
/// It knows nothing of SQLite, queues or backing data: it is the specification written as the
/// simplest program that could hold it, for one entity with three attributes (``Person``'s name,
/// age and sex). After every step of a random sequence the real stack must agree with it on:
///
/// - the store: every row's primary key, version (`Z_OPT`) and values, and the last key handed out;
/// - each context: which objects it registers (and that each is one instance per row), each
///   object's identifier, fault state, pending insert/update/delete, values, the values and version
///   it last read, and which attributes it changed; `hasChanges`, `insertedModels` (in order),
///   `changedModels`, `deletedModels`;
/// - each save: the conflicts `.error` throws, or the `didSave` changes of a successful save;
/// - each fetch and lookup: the instances returned, in order, or `modelNotFound`;
/// - objects no longer registered: no context, and `isDeleted` where it is known; an object whose
///   row is gone (merged as deleted, found gone, or deleted and saved before its values were
///   loaded) or whose context was reset is invalidated: a fault, not `isDeleted` (the deletion is
///   no longer pending), never touched again; one deleted and saved with its values loaded keeps
///   them, detached, as SwiftData's.
///
/// The rules are Core Data's, as the API-at-a-glance article states them: a save writes everything in one
/// transaction; an updated or deleted row whose version moved since the context read it is a
/// conflict, resolved by the context's merge policy (`.error` throws and writes nothing), except
/// the deletion of a fault, which has no version to compare; merging
/// another save refreshes registered, non-fault objects (keeping unsaved changes on top) and
/// forgets deleted ones; `refresh(_:mergeChanges: false)` turns a saved object into a fault that
/// loads the row as it is when next touched, and leaves new objects alone; a fetch judges objects
/// with unsaved changes by memory and all others by the store (`includesPendingChanges`).
struct ReferenceModel {
    /// The merge policies a context may get; `.custom` is left to its own tests.
    enum Policy: CaseIterable, CustomStringConvertible {
        case error, mergeByPropertyStoreTrump, mergeByPropertyObjectTrump, overwrite, rollback

        var mergePolicy: MergePolicy {
            switch self {
            case .error: .error
            case .mergeByPropertyStoreTrump: .mergeByPropertyStoreTrump
            case .mergeByPropertyObjectTrump: .mergeByPropertyObjectTrump
            case .overwrite: .overwrite
            case .rollback: .rollback
            }
        }

        var description: String {
            switch self {
            case .error: ".error"
            case .mergeByPropertyStoreTrump: ".storeTrump"
            case .mergeByPropertyObjectTrump: ".objectTrump"
            case .overwrite: ".overwrite"
            case .rollback: ".rollback"
            }
        }
    }

    /// One row of the store.
    struct Row: Equatable {
        var version: Int64
        var values: [SQLiteValue]
    }

    /// One object as a context holds it. `handle` names the instance across both worlds.
    struct Object {
        let handle: Int
        /// Nil while the identifier is temporary: a new object, until its first save or
        /// `obtainPermanentIdentifiers`.
        var primaryKey: Int64?
        /// What the attribute getters return; unknown (and unchecked) while `isFault`.
        var values: [SQLiteValue]
        /// The values the context last read from the store; nil if never saved, or a fault.
        var cached: [SQLiteValue]?
        /// The version the context last read: optimistic locking compares it at save.
        var version: Int64 = 0
        /// Attributes set to a new value since the last save or refresh.
        var changed: Set<Int> = []
        var isFault = false
        var isInserted = false
        var isUpdated = false
        var isDeleted = false

        var hasChanges: Bool { isInserted || isUpdated || isDeleted }
    }

    /// One context: its policy, its registered objects, its unsaved inserts in order, and the new
    /// objects it let go of (rollback, reset, deletion before saving) that may be inserted again.
    struct Context {
        var policy: Policy
        var objects: [Int: Object] = [:]
        var insertionOrder: [Int] = []
        var reinsertable: [Int: Object] = [:]

        var hasChanges: Bool { objects.values.contains(where: \.hasChanges) }

        func handle(forPrimaryKey primaryKey: Int64) -> Int? {
            objects.values.first { $0.primaryKey == primaryKey }?.handle
        }
    }

    /// What a save or batch request committed, by primary key.
    struct Changes: Equatable, CustomStringConvertible {
        var inserted: Set<Int64> = []
        var updated: Set<Int64> = []
        var deleted: Set<Int64> = []

        var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

        var description: String {
            "inserted \(inserted.sorted()) updated \(updated.sorted()) deleted \(deleted.sorted())"
        }
    }

    /// One conflict `.error` reports: the row, the version the context read, the version now (0: gone).
    struct Conflict: Hashable {
        let primaryKey: Int64
        let oldVersion: Int64
        let newVersion: Int64
    }

    /// A save either commits (with the changes `didSave` carries; empty means no notification) or
    /// throws the conflicts and leaves everything as it was.
    enum SaveResult: Equatable {
        case saved(Changes)
        case conflicts(Set<Conflict>)
    }

    /// What an object that left its context must show: `isDeleted` for an unsaved object deleted
    /// before any save; nothing pending and an unfulfillable fault for an invalidated one.
    enum Departure {
        case deleted, detached, invalidated
    }

    /// The situations worth reaching, counted so a test can show its seeds reach them all.
    enum Event: String, CaseIterable {
        case conflictThrown, conflictResolvedByStoreTrump, conflictResolvedByObjectTrump, conflictResolvedByOverwrite,
             conflictResolvedByRollback, deletionConflict, updateOfDeletedRow, deletionOfDeletedRow,
             faultFulfilledBySet, faultFulfilledByFetch, orphanFetched, reinserted, undeleted,
             mergeRefreshed, mergeForgot, refreshForgot, batchTouchedRows, faultMade, permanentBeforeSave,
             changedObjectJudgedInMemory
    }

    var rows: [Int64: Row] = [:]
    var maxPrimaryKey: Int64 = 0
    /// Every primary key that ever had a row: what an identifier a learner kept may name.
    private(set) var everStored: Set<Int64> = []
    private(set) var events: [Event: Int] = [:]
    var contexts: [Context]
    var departed: [Int: Departure] = [:]
    private var nextHandle = 0

    init(policies: [Policy]) {
        contexts = policies.map { Context(policy: $0) }
    }

    // MARK: Editing

    /// `context.insert(Person(...))`: a new object; returns its handle.
    mutating func insert(_ values: [SQLiteValue], in c: Int) -> Int {
        let handle = nextHandle
        nextHandle += 1
        // The initializer's assignments happen before the object is registered: nothing is "changed".
        contexts[c].objects[handle] = Object(handle: handle, values: values, isInserted: true)
        contexts[c].insertionOrder.append(handle)
        return handle
    }

    /// `context.insert(model)` again for a new object the context had let go of.
    mutating func reinsert(_ handle: Int, in c: Int) {
        guard var object = contexts[c].reinsertable.removeValue(forKey: handle) else { preconditionFailure("not reinsertable") }
        object.isInserted = true
        object.isDeleted = false
        contexts[c].objects[handle] = object
        contexts[c].insertionOrder.append(handle)
        departed[handle] = nil
        events[.reinserted, default: 0] += 1
    }

    /// `context.insert(model)` for a saved object marked for deletion: the deletion is undone.
    mutating func undelete(_ handle: Int, in c: Int) {
        contexts[c].objects[handle]!.isDeleted = false
        events[.undeleted, default: 0] += 1
    }

    /// Whether touching the object's attributes is safe: not a fault whose row is gone (that traps).
    func canTouch(_ handle: Int, in c: Int) -> Bool {
        guard let object = contexts[c].objects[handle] else { return false }
        return !object.isFault || rows[object.primaryKey!] != nil
    }

    /// `model.<attribute> = value`.
    mutating func set(_ attribute: Int, to value: SQLiteValue, of handle: Int, in c: Int) {
        fulfillIfFault(handle, in: c)
        var object = contexts[c].objects[handle]!
        guard object.values[attribute] != value else { return }
        object.values[attribute] = value
        object.changed.insert(attribute)
        if !object.isInserted { object.isUpdated = true }
        contexts[c].objects[handle] = object
    }

    private mutating func fulfillIfFault(_ handle: Int, in c: Int) {
        guard contexts[c].objects[handle]!.isFault else { return }
        events[.faultFulfilledBySet, default: 0] += 1
        let row = rows[contexts[c].objects[handle]!.primaryKey!]!
        contexts[c].objects[handle]!.values = row.values
        contexts[c].objects[handle]!.cached = row.values
        contexts[c].objects[handle]!.version = row.version
        contexts[c].objects[handle]!.isFault = false
    }

    /// `context.delete(model)`.
    mutating func delete(_ handle: Int, in c: Int) {
        let object = contexts[c].objects[handle]!
        guard !object.isDeleted else { return }
        if object.isInserted {
            contexts[c].objects[handle] = nil
            contexts[c].insertionOrder.removeAll { $0 == handle }
            var forgotten = object
            forgotten.isInserted = false
            contexts[c].reinsertable[handle] = forgotten
            departed[handle] = .deleted
            return
        }
        contexts[c].objects[handle]!.isDeleted = true
    }

    /// `context.rollback()`.
    mutating func rollback(in c: Int) {
        for handle in contexts[c].insertionOrder {
            var object = contexts[c].objects.removeValue(forKey: handle)!
            object.isInserted = false
            contexts[c].reinsertable[handle] = object
            departed[handle] = .detached
        }
        contexts[c].insertionOrder = []
        for handle in Array(contexts[c].objects.keys) {
            var object = contexts[c].objects[handle]!
            if object.isUpdated {
                if let cached = object.cached { object.values = cached }
                object.changed = []
            }
            object.isUpdated = false
            object.isDeleted = false
            contexts[c].objects[handle] = object
        }
    }

    /// `context.reset()`: everything is forgotten and invalidated, new objects too.
    mutating func reset(in c: Int) {
        for handle in contexts[c].objects.keys {
            departed[handle] = .invalidated
        }
        contexts[c].objects = [:]
        contexts[c].insertionOrder = []
    }

    // MARK: Refreshing and merging

    /// `context.refresh(model, mergeChanges:)`.
    mutating func refresh(_ handle: Int, mergeChanges: Bool, in c: Int) {
        // A new object has no row to refresh from, even with a permanent identifier.
        guard var object = contexts[c].objects[handle], !object.isInserted, let primaryKey = object.primaryKey else { return }
        guard mergeChanges else {
            object.isUpdated = false
            object.isDeleted = false
            object.changed = []
            object.cached = nil
            object.isFault = true
            contexts[c].objects[handle] = object
            return
        }
        guard !object.isFault else { return }
        guard let row = rows[primaryKey] else {
            forget(handle, in: c)
            events[.refreshForgot, default: 0] += 1
            return
        }
        var values = row.values
        for attribute in object.changed {
            values[attribute] = object.values[attribute]
        }
        object.values = values
        object.cached = row.values
        object.version = row.version
        contexts[c].objects[handle] = object
    }

    /// `context.mergeChanges(fromContextDidSave:)`.
    mutating func merge(_ changes: Changes, into c: Int) {
        for primaryKey in changes.updated {
            if let handle = contexts[c].handle(forPrimaryKey: primaryKey), !contexts[c].objects[handle]!.isFault {
                refresh(handle, mergeChanges: true, in: c)
                events[.mergeRefreshed, default: 0] += 1
            }
        }
        for primaryKey in changes.deleted {
            if let handle = contexts[c].handle(forPrimaryKey: primaryKey) {
                forget(handle, in: c)
                events[.mergeForgot, default: 0] += 1
            }
        }
    }

    /// The object's row is gone: it leaves the context, invalidated.
    private mutating func forget(_ handle: Int, in c: Int) {
        contexts[c].objects[handle] = nil
        departed[handle] = .invalidated
    }

    // MARK: Fetching

    /// `context.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.<attribute> == value }))`,
    /// or every object when `filter` is nil: the handles returned, in order. Rows not yet
    /// registered get new handles; faults among the rows read are filled.
    ///
    /// Core Data's rule for `includesPendingChanges`: objects with unsaved changes (inserted,
    /// updated, deleted) are judged by their values in memory; every other object by the row in
    /// the store, even when the context's copy is stale. Saved rows come by primary key, new
    /// objects after them in insertion order.
    mutating func fetch(where filter: (attribute: Int, value: SQLiteValue)?, in c: Int) -> [Int] {
        func matches(_ values: [SQLiteValue]) -> Bool { filter.map { values[$0.attribute] == $0.value } ?? true }
        var result: [Int] = []
        for primaryKey in rows.keys.sorted() where matches(rows[primaryKey]!.values) {
            let row = rows[primaryKey]!
            if let handle = contexts[c].handle(forPrimaryKey: primaryKey) {
                if contexts[c].objects[handle]!.isFault {
                    events[.faultFulfilledByFetch, default: 0] += 1
                    contexts[c].objects[handle]!.values = row.values
                    contexts[c].objects[handle]!.cached = row.values
                    contexts[c].objects[handle]!.version = row.version
                    contexts[c].objects[handle]!.isFault = false
                }
                if !contexts[c].objects[handle]!.hasChanges { result.append(handle) }
            } else {
                let handle = nextHandle
                nextHandle += 1
                contexts[c].objects[handle] = Object(handle: handle, primaryKey: primaryKey, values: row.values,
                                                     cached: row.values, version: row.version)
                result.append(handle)
            }
        }
        for object in contexts[c].objects.values where (object.isInserted || object.isUpdated) && !object.isDeleted {
            guard matches(object.values) else { continue }
            if let primaryKey = object.primaryKey, rows[primaryKey] == nil, !object.isInserted {
                events[.orphanFetched, default: 0] += 1
            }
            result.append(object.handle)
        }
        if filter != nil, result.contains(where: { contexts[c].objects[$0]!.isUpdated }) {
            events[.changedObjectJudgedInMemory, default: 0] += 1
        }
        let position = Dictionary(uniqueKeysWithValues: contexts[c].insertionOrder.enumerated().map { ($1, $0) })
        return result.sorted { lhs, rhs in
            let left = (contexts[c].objects[lhs]!.primaryKey ?? .max, position[lhs] ?? 0)
            let right = (contexts[c].objects[rhs]!.primaryKey ?? .max, position[rhs] ?? 0)
            return left < right
        }
    }

    // MARK: Looking up by identifier

    /// `context.model(for: id)`: the registered object, or a new fault (nothing is read).
    mutating func model(forPrimaryKey primaryKey: Int64, in c: Int) -> Int {
        if let handle = contexts[c].handle(forPrimaryKey: primaryKey) { return handle }
        let handle = nextHandle
        nextHandle += 1
        contexts[c].objects[handle] = Object(handle: handle, primaryKey: primaryKey,
                                             values: Array(repeating: .null, count: 3), isFault: true)
        events[.faultMade, default: 0] += 1
        return handle
    }

    /// `context.existingModel(for: id)`: the registered object (a fault is filled first), or a
    /// new one for the row; nil where it throws `modelNotFound`.
    mutating func existingModel(forPrimaryKey primaryKey: Int64, in c: Int) -> Int? {
        if let handle = contexts[c].handle(forPrimaryKey: primaryKey) {
            guard contexts[c].objects[handle]!.isFault else { return handle }
            guard let row = rows[primaryKey] else { return nil }
            contexts[c].objects[handle]!.values = row.values
            contexts[c].objects[handle]!.cached = row.values
            contexts[c].objects[handle]!.version = row.version
            contexts[c].objects[handle]!.isFault = false
            return handle
        }
        guard let row = rows[primaryKey] else { return nil }
        let handle = nextHandle
        nextHandle += 1
        contexts[c].objects[handle] = Object(handle: handle, primaryKey: primaryKey, values: row.values,
                                             cached: row.values, version: row.version)
        return handle
    }

    /// `context.obtainPermanentIdentifiers(for: context.insertedModels)`: new objects get primary
    /// keys now, reserved in the store at once (in their own transaction), in insertion order.
    mutating func obtainPermanentIdentifiers(in c: Int) {
        for handle in contexts[c].insertionOrder where contexts[c].objects[handle]!.primaryKey == nil {
            maxPrimaryKey += 1
            contexts[c].objects[handle]!.primaryKey = maxPrimaryKey
            events[.permanentBeforeSave, default: 0] += 1
        }
    }

    // MARK: Saving

    /// `context.save()` under the context's merge policy.
    mutating func save(in c: Int) -> SaveResult {
        let context = contexts[c]
        guard context.hasChanges else { return .saved(Changes()) }
        var rows = self.rows
        var changes = Changes()
        var written: [(handle: Int, values: [SQLiteValue], version: Int64)] = []
        var removed: [(handle: Int, deleted: Bool)] = []  // deleted: by this save, not found gone
        var conflicts: [(object: Object, row: Row?, isDeletion: Bool)] = []

        // Updates and deletions, each guarded by the version the context last read.
        for object in context.objects.values where object.isUpdated && !object.isDeleted {
            let primaryKey = object.primaryKey!
            if let row = rows[primaryKey], row.version == object.version {
                rows[primaryKey] = Row(version: object.version + 1, values: object.values)
                written.append((object.handle, object.values, object.version + 1))
                changes.updated.insert(primaryKey)
            } else {
                conflicts.append((object, rows[primaryKey], false))
            }
        }
        for object in context.objects.values where object.isDeleted {
            let primaryKey = object.primaryKey!
            // A fault has no version to compare (never read, or refreshed without merging).
            if let row = rows[primaryKey], !object.isFault, row.version != object.version {
                conflicts.append((object, row, true))
            } else {
                // Deleted now, or already gone: either way the deletion stands.
                if rows[primaryKey] == nil { events[.deletionOfDeletedRow, default: 0] += 1 }
                rows[primaryKey] = nil
                removed.append((object.handle, true))
                changes.deleted.insert(primaryKey)
            }
        }

        for conflict in conflicts {
            if conflict.isDeletion { events[.deletionConflict, default: 0] += 1 }
            if conflict.row == nil { events[.updateOfDeletedRow, default: 0] += 1 }
        }
        if !conflicts.isEmpty {
            switch context.policy {
            case .error: events[.conflictThrown, default: 0] += 1
            case .mergeByPropertyStoreTrump: events[.conflictResolvedByStoreTrump, default: 0] += 1
            case .mergeByPropertyObjectTrump: events[.conflictResolvedByObjectTrump, default: 0] += 1
            case .overwrite: events[.conflictResolvedByOverwrite, default: 0] += 1
            case .rollback: events[.conflictResolvedByRollback, default: 0] += 1
            }
            if context.policy == .error {
                return .conflicts(Set(conflicts.map {
                    Conflict(primaryKey: $0.object.primaryKey!, oldVersion: $0.object.version, newVersion: $0.row?.version ?? 0)
                }))
            }
            for (object, row, isDeletion) in conflicts {
                let primaryKey = object.primaryKey!
                guard let row else {
                    removed.append((object.handle, isDeletion))  // deleted behind our back: that stands, unannounced
                    continue
                }
                let cached = object.cached ?? row.values
                let merged: [SQLiteValue]?  // nil: keep the store's row; deletion handled below
                var deletes = false
                switch context.policy {
                case .error:
                    preconditionFailure()
                case .rollback:
                    merged = nil
                case .overwrite:
                    deletes = isDeletion
                    merged = object.values
                case .mergeByPropertyStoreTrump:
                    merged = isDeletion ? nil : object.values.indices.map { row.values[$0] != cached[$0] ? row.values[$0] : object.values[$0] }
                case .mergeByPropertyObjectTrump:
                    deletes = isDeletion
                    merged = object.values.indices.map { object.values[$0] != cached[$0] ? object.values[$0] : row.values[$0] }
                }
                if deletes {
                    rows[primaryKey] = nil
                    removed.append((object.handle, true))
                    changes.deleted.insert(primaryKey)
                } else if let merged {
                    rows[primaryKey] = Row(version: row.version + 1, values: merged)
                    written.append((object.handle, merged, row.version + 1))
                    changes.updated.insert(primaryKey)
                } else {
                    written.append((object.handle, row.values, row.version))
                }
            }
        }

        // Inserts last, with primary keys in insertion order.
        var maxPrimaryKey = self.maxPrimaryKey
        var newKeys: [Int: Int64] = [:]
        for handle in context.insertionOrder {
            let primaryKey: Int64
            if let permanent = context.objects[handle]!.primaryKey {
                primaryKey = permanent
            } else {
                maxPrimaryKey += 1
                primaryKey = maxPrimaryKey
            }
            let values = context.objects[handle]!.values
            rows[primaryKey] = Row(version: 1, values: values)
            newKeys[handle] = primaryKey
            written.append((handle, values, 1))
            changes.inserted.insert(primaryKey)
        }

        // Committed: memory follows the store.
        self.rows = rows
        self.maxPrimaryKey = maxPrimaryKey
        for (handle, primaryKey) in newKeys {
            contexts[c].objects[handle]!.primaryKey = primaryKey
            everStored.insert(primaryKey)
        }
        for (handle, values, version) in written {
            contexts[c].objects[handle]!.values = values
            contexts[c].objects[handle]!.cached = values
            contexts[c].objects[handle]!.version = version
            contexts[c].objects[handle]!.changed = []
        }
        for (handle, deleted) in removed {
            // A deletion saved keeps the values a loaded object had, as SwiftData's; anything
            // else whose row is gone is invalidated.
            if deleted, !contexts[c].objects[handle]!.isFault {
                contexts[c].objects[handle] = nil
                departed[handle] = .detached
            } else {
                forget(handle, in: c)
            }
        }
        for handle in Array(contexts[c].objects.keys) {
            contexts[c].objects[handle]!.isInserted = false
            contexts[c].objects[handle]!.isUpdated = false
            contexts[c].objects[handle]!.isDeleted = false
        }
        contexts[c].insertionOrder = []
        return .saved(changes)
    }

    // MARK: Batch requests

    /// A batch update of one attribute on every row: each version goes up by one.
    mutating func batchUpdate(_ attribute: Int, to value: SQLiteValue) -> Changes {
        for primaryKey in rows.keys {
            rows[primaryKey]!.values[attribute] = value
            rows[primaryKey]!.version += 1
        }
        if !rows.isEmpty { events[.batchTouchedRows, default: 0] += 1 }
        return Changes(updated: Set(rows.keys))
    }

    /// A batch delete of the rows whose attribute holds `value`.
    mutating func batchDelete(where attribute: Int, is value: SQLiteValue) -> Changes {
        let doomed = rows.filter { $0.value.values[attribute] == value }.map(\.key)
        for primaryKey in doomed { rows[primaryKey] = nil }
        if !doomed.isEmpty { events[.batchTouchedRows, default: 0] += 1 }
        return Changes(deleted: Set(doomed))
    }
}
