import Foundation
import Synchronization

/// Where a model's attribute values live, and the one place every attribute get and set goes through.
///
/// `@Model` turns each stored property into accessors that call ``getValue(at:)`` and
/// ``setValue(_:at:)``. That single path is what makes the rules enforceable: it checks queue
/// confinement (``ConcurrencyDebug``, ``AccessPolicy``), fulfills faults, and records changes for
/// the next save, as SwiftData's `BackingData` and Core Data's `NSManagedObject` accessors do.
///
/// > Warning: The attribute values belong to the context's queue. Reading or writing them from
/// > another queue is a data race unless the container's access policy hops for you.
// @unchecked: the values (cached and written) and the save bookkeeping are touched only on the owning
// context's queue (the rule ConcurrencyDebug checks); `identity` is under a lock; `flags` and
// `linkSlot` are atomics.
public final class BackingData: @unchecked Sendable {
    // What every attribute read touches comes first, next to the object's header: the values
    // last read, whether others were written since, and the flags (`storedValue(at:)`). Swift
    // lays stored properties out in declaration order, each right after the one before, so a
    // read of a model not touched for a while (the titles of 20k prefetched stops) misses the
    // cache on one line of it rather than on two or three; the two small fields fill what would
    // otherwise be padding.

    // The queue-confined state below skips Swift's run-time check that no two accesses to a
    // stored property overlap on one thread (`@exclusivity(unchecked)`): every access is a plain
    // read, write or in-place change with no call inside it, so none can overlap another, and
    // the check cost an import a tenth of its time (see `FastPaths/README.md`). The context's
    // queue is what guards it, as said above.

    /// The values as the context last read them from the store, one per attribute in
    /// ``EntitySchema/attributes`` order (nil for an object never saved). A fetch's rows share
    /// their values' storage (see `FastPaths/RowValues.swift`); they are never written.
    @exclusivity(unchecked) var cachedValues: RowValues?
    /// Whether the edits' `writtenValues` hold the current values. A flag of its own, not
    /// `writtenValues.isEmpty`: reading and writing one attribute touches the array exactly as a
    /// plain `[SQLiteValue]` would, once its subscript, so two threads racing on one model (the
    /// `WrongQueueMutation` lesson's mistake) lose writes, as the lesson shows, and nothing worse.
    @exclusivity(unchecked) private var hasWrittenValues: Bool
    /// What the object is now (a fault, new, changed, deleted, registered…): see ``Flag``.
    private let flags = Atomic<UInt16>(0)
    /// What the object's changes since the last save or refresh left to record: the values
    /// written (while `hasWrittenValues` says so; until then the values are the cached ones, so
    /// that reading a row costs no array of its own), which attributes and relationships changed,
    /// and to-many relationships' members as last read. Empty until the first change, then set
    /// once: an object never changed holds none (see `FastPaths/BackingDataEdits.swift`).
    @exclusivity(unchecked) var recordedEdits: BackingDataEdits?
    /// The entity this object is an instance of.
    public let entity: EntitySchema
    /// The `Z_OPT` version the context last read: optimistic locking compares it at save.
    @exclusivity(unchecked) var version: Int64 = 0
    /// Each relationship's related models, or `.fault` until first touched (see
    /// `Relationships/BackingData+Relationships.swift`).
    @exclusivity(unchecked) var relations: [RelationSlot]

    /// The identifier; for a new object no context has taken yet, only the token of its temporary
    /// identifier (see ``persistentModelID``), so that making one costs no lookup of the
    /// unattached scope, and its temporary identifier is the same before and after it is
    /// inserted. Behind a lock inline in the object (see `FastPaths/IdentitySlot.swift`).
    private let identity: IdentitySlot
    /// The context's ``ContextLink``: empty until a context registers the object, then set once
    /// (see `FastPaths/ContextLinkSlot.swift`).
    private let linkSlot = ContextLinkSlot()

    /// A new, unregistered object with empty values: what a model's own `init` starts from.
    public init(entity: EntitySchema) {
        self.entity = entity
        // No values read and none written: every attribute reads as null until the first write.
        self.hasWrittenValues = false
        // A new object relates to nothing yet: every relationship is loaded, and empty.
        self.relations = entity.relationships.map { $0.isToMany ? .toMany([]) : .toOne(nil) }
        self.identity = IdentitySlot(unplacedWith: TemporaryToken.next())
    }

    /// An object for a stored row; `values` nil makes a fault that loads on first access.
    ///
    /// With a `link`, it is registered from birth in the context the link belongs to, and starts
    /// out being adopted (see ``BackingData/forNewModel(of:)``): the model's initializer may write
    /// default values, which must not count as changes. Without one, it belongs to no context.
    init(entity: EntitySchema, identifier: PersistentIdentifier, values: RowValues?, version: Int64,
         registeredThrough link: ContextLink? = nil) {
        // Judged before the values are stored, so that storing them is their last use: the
        // object then keeps the reference it was handed rather than a copy of it.
        let fault = values == nil ? Flag.fault : 0
        self.entity = entity
        self.hasWrittenValues = false
        self.relations = RelationSlot.faults(count: entity.relationships.count)
        self.cachedValues = values
        self.version = version
        self.identity = IdentitySlot(identifier)
        // Plain stores, not read-modify-writes: no other thread can see the object yet.
        if let link {
            linkSlot.fillAtBirth(with: link)
            flags.store(Flag.registered | Flag.adopting | fault, ordering: .relaxed)
        } else {
            flags.store(fault, ordering: .relaxed)
        }
    }

    // MARK: The accessor path

    /// Reads attribute `index`; the body of every generated getter.
    ///
    /// Inlinable, so that each model's accessors get a copy for their own type: called across
    /// modules as a generic function, it asked the runtime for `Optional<Value>`'s metadata on
    /// every read. The checks live in `storedValue(at:)`.
    @inlinable
    public func getValue<Value: PersistentValue>(at index: Int) -> Value {
        let stored = storedValue(at: index)
        guard let value = Value(sqliteValue: stored) else {
            typeMismatch(at: index, holding: stored, expected: Value.self)
        }
        return value
    }

    /// Writes attribute `index`; the body of every generated setter and init accessor.
    ///
    /// Inlinable for the same reason as ``getValue(at:)``; the checks live in `setStoredValue(_:at:)`.
    @inlinable
    public func setValue<Value: PersistentValue>(_ newValue: Value, at index: Int) {
        // A default value written while a stored row's data is adopted: the row wins (checked
        // here too, so that the initializer of every fetched object skips the call).
        if isAdopting { return }
        setStoredValue(newValue.sqliteValue, at: index)
    }

    /// The stored form of attribute `index`, once the queue rule is checked (``QueueWatchdog``)
    /// and a fault fired.
    ///
    /// The common case, a loaded object read with no checks on anywhere, costs two plain loads;
    /// the context (a weak reference) is only looked at when a check may apply or a fault must fire,
    /// in a function of its own, so that this one stays small (see `FastPaths/README.md`).
    @usableFromInline
    func storedValue(at index: Int) -> SQLiteValue {
        if isFault || QueueWatchdog.mayCheckAccess { return checkedStoredValue(at: index) }
        return currentValue(at: index)
    }

    /// ``storedValue(at:)`` when a check may apply or a fault must fire.
    @inline(never)
    private func checkedStoredValue(at index: Int) -> SQLiteValue {
        if let link, isFault || QueueWatchdog.checksAccess(through: link) {
            if has(Flag.invalidated) { trapInvalidatedAccess(to: index, isWrite: false) }
            let context = link.context
            if let context, QueueWatchdog.access(index, of: self, on: context, isWrite: false) == .hop {
                return context.hopSynchronously { self.storedValue(at: index) }
            }
            if isFault {
                guard let context else {
                    fatalError("could not fulfill a fault for \(persistentModelID): its context no longer exists")
                }
                context.fulfillFault(self)
            }
        }
        return currentValue(at: index)
    }

    /// Attribute `index`'s current value: written, or else as last read.
    private func currentValue(at index: Int) -> SQLiteValue {
        if hasWrittenValues { return withEdits { $0.writtenValues[index] } }
        // nil only for a fault not fulfilled yet, or a new object nothing was written to
        return cachedValues?[index] ?? .null
    }

    /// The current values: those written since the last read or save, or else those last read
    /// (all null for a fault not fulfilled yet, or a new object nothing was written to).
    var values: RowValues {
        get {
            if hasWrittenValues { return RowValues(edits.writtenValues) }
            return cachedValues ?? RowValues(repeating: .null, count: entity.storedValueCount)
        }
        set {
            edits.writtenValues = newValue.array
            hasWrittenValues = true
        }
    }

    /// Makes `values` the values last read or saved, and the current ones.
    func takeStoredValues(_ values: RowValues) {
        cachedValues = values
        if hasWrittenValues { edits.writtenValues = [] }
        hasWrittenValues = false
    }

    /// Makes `values`, just saved as `version` (to the store, or pushed into a parent context),
    /// what the object holds as saved: no change is pending any more, and a new object is new no
    /// longer.
    func takeSaved(_ values: RowValues, version: Int64) {
        takeStoredValues(values)
        self.version = version
        changedAttributes = AttributeMask()
        changedRelationships = AttributeMask()
        if !relationBaselines.isEmpty { relationBaselines = [:] }
        set(Flag.changed | Flag.deleted | Flag.inserted, false)
    }

    /// Writes attribute `index`, copying the values last read first if nothing was written yet.
    private func write(_ stored: SQLiteValue, at index: Int) {
        withEdits { edits in
            if !hasWrittenValues {
                edits.writtenValues = cachedValues?.array ?? Array(repeating: .null, count: entity.storedValueCount)
                hasWrittenValues = true
            }
            edits.writtenValues[index] = stored
        }
    }

    /// Writes the stored form of attribute `index` once queue confinement is checked, and records
    /// the change for the next save.
    @usableFromInline
    func setStoredValue(_ stored: SQLiteValue, at index: Int) {
        // A default value written by a model's initializer while it adopts a stored row's data:
        // the row's value wins.
        if has(Flag.adopting) { return }
        guard let link, let context = link.context, !isDetached else {
            if has(Flag.invalidated) { trapInvalidatedAccess(to: index, isWrite: true) }
            write(stored, at: index)
            return
        }
        if QueueWatchdog.checksAccess(through: link), QueueWatchdog.access(index, of: self, on: context, isWrite: true) == .hop {
            return context.hopSynchronously { self.setStoredValue(stored, at: index) }
        }
        if isFault { context.fulfillFault(self) }
        guard currentValue(at: index) != stored else { return }
        write(stored, at: index)
        changedAttributes.insert(index)
        context.noteChange(of: self)
    }

    /// Stops the process: attribute `index` holds a value of another type than its accessor's.
    @usableFromInline
    func typeMismatch(at index: Int, holding stored: SQLiteValue, expected: Any.Type) -> Never {
        fatalError("\(entity.name).\(entity.attributes[index].name) holds \(stored), not a \(expected)")
    }

    // MARK: Thread-safe state

    /// The object's identifier; safe from any thread.
    public var persistentModelID: PersistentIdentifier {
        identity.current { token in temporaryIdentifier(in: .interned(Self.unattachedStore, entity.name), token: token) }
    }
    /// The context the object is registered in; safe from any thread.
    public var modelContext: ModelContext? { isDetached ? nil : link?.context }
    /// Whether the object has unsaved changes; safe from any thread.
    public var hasChanges: Bool { has(Flag.changed) }
    /// Whether the values are still to be loaded; safe from any thread.
    public var isFault: Bool { has(Flag.fault) }
    /// Whether the object's deletion is pending: deleted, not saved yet; safe from any thread.
    ///
    /// False again once the deletion is saved, as Core Data's `isDeleted`: "true if Core Data will
    /// ask the persistent store to delete the object during the next save operation".
    public var isDeleted: Bool { has(Flag.deleted) }

    // MARK: Bookkeeping for the owning context

    var isDetached: Bool { has(Flag.detached) }

    /// The link to the context that registered the object, if any; safe from any thread.
    var link: ContextLink? { linkSlot.link }

    /// Binds the object to `context` for life; false if it already belongs to another one.
    func attach(to context: ModelContext) -> Bool {
        // One link per context: the same link means the same context.
        linkSlot.fill(with: context.link) === context.link
    }

    func setIdentifier(_ identifier: PersistentIdentifier) {
        identity.set(identifier)
    }

    /// The identifier, given the temporary identifier of `scope` (the inserting context's store)
    /// if it belonged to no store yet; one lock, not two.
    func placeIdentifier(in scope: PersistentIdentifier.Scope) -> PersistentIdentifier {
        identity.currentOrPlace { token in temporaryIdentifier(in: scope, token: token) }
    }

    /// The temporary identifier of this new object in `scope`: what it is called before a context
    /// takes it (in no store), and once one has (in the context's store).
    private func temporaryIdentifier(in scope: PersistentIdentifier.Scope, token: UUID) -> PersistentIdentifier {
        PersistentIdentifier(scope: scope, storage: .temporary(token))
    }

    func set(_ flag: UInt16, _ on: Bool) {
        if on {
            flags.bitwiseOr(flag, ordering: .releasing)
        } else {
            flags.bitwiseAnd(~flag, ordering: .releasing)
        }
    }

    /// ``set(_:_:)`` for an object no other thread can reach yet: a load and a store, no
    /// read-modify-write (see `FastPaths/BackingData+Adoption.swift`).
    func setUnshared(_ flag: UInt16, _ on: Bool) {
        let flags = flags.load(ordering: .relaxed)
        self.flags.store(on ? flags | flag : flags & ~flag, ordering: .relaxed)
    }

    func has(_ flag: UInt16) -> Bool {
        flags.load(ordering: .acquiring) & flag != 0
    }

    /// The values by attribute name, as conflicts and notifications report them.
    func snapshot(of values: RowValues) -> [String: SQLiteValue] {
        Dictionary(uniqueKeysWithValues: zip(entity.attributes.map(\.name), values))
    }

    enum Flag {
        static let fault: UInt16 = 1 << 0
        static let deleted: UInt16 = 1 << 1
        static let changed: UInt16 = 1 << 2
        static let detached: UInt16 = 1 << 3
        static let inserted: UInt16 = 1 << 4
        static let registered: UInt16 = 1 << 5
        /// Being adopted by a new model (see ``BackingData/forNewModel(of:)``): writes are the
        /// initializer's default values, not the row's, and are ignored.
        static let adopting: UInt16 = 1 << 6
        /// Any of the ``Invalidation`` reasons: the model can never be used again.
        static let invalidated: UInt16 = Invalidation.allCases.reduce(0) { $0 | $1.flag }
    }

    /// True for an object no row was ever read for or written from: a new object, even one
    /// given a permanent identifier by `obtainPermanentIdentifiers` (a fault is a stored row's).
    var hasNeverBeenStored: Bool { cachedValues == nil && !isFault }

    /// Puts back the values last read from the store.
    func discardChanges() {
        if let cachedValues { takeStoredValues(cachedValues) }
        changedAttributes = AttributeMask()
        refaultRelationships()
        set(Flag.changed, false)
    }

    /// The store identifier of an object not yet inserted anywhere.
    static let unattachedStore = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
