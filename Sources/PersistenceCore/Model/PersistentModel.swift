import Observation

/// A class whose stored properties live in a store: what `@Model` makes of a `final class`.
///
/// Models are bound to the context that registered them, and to its queue: read and write their
/// attributes only there (inside `perform`, or on a model actor). The five members of the
/// extension below are the exception: safe to read from any thread by the lab's choice (atomics
/// and a lock); Core Data documents only the object ID as safe to pass between threads. Models
/// are not `Sendable`: to hand one to another queue, pass its ``persistentModelID``.
///
/// As in SwiftData, a model is `Identifiable` (its `id` is its ``persistentModelID`` unless the
/// class declares an `id` of its own) and `Hashable` (by its backing data's identity, so that a model keeps
/// its hash when its temporary identifier becomes permanent at its first save). It refines
/// `Observable` (`@Model` builds in the observation registrar) and `SendableMetatype`, as
/// SwiftData's `PersistentModel` does: the type, unlike its instances, may cross isolation
/// (`FetchDescriptor<Item>` in a `@concurrent` function, `Item.self` handed to a model actor).
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable, SendableMetatype {
    /// Where the attribute values live; every generated accessor goes through it. (SwiftData's
    /// name for it, typed by the model, is ``persistentBackingData``.)
    var backingData: BackingData { get }
    /// The entity description `@Model` generates.
    static var entitySchema: EntitySchema { get }
    /// Each persisted property's key path and its name, relationships included, so predicates,
    /// sort descriptors and prefetching can name them (Linux has no key-path reflection).
    /// Type-erased, like the key paths of SwiftData's `schemaMetadata`, so that a class that is
    /// not `final` can list its own key paths (a table typed by `Self` would need one per subclass).
    static var attributeKeyPaths: [AnyKeyPath: String] { get }
    /// The model classes this one's relationships point to, so that a container made for `Trip`
    /// also stores `Stop`, as in SwiftData.
    static var relatedModelTypes: [any PersistentModel.Type] { get }
    /// Creates an instance over existing backing data: how a context materializes a fetched row.
    ///
    /// The backing data is borrowed: a context hands over the reference the model keeps through
    /// `@Model`'s default value (see `FastPaths/BackingData+Adoption.swift`), so a call costs no
    /// retain and release of its own.
    init(backingData: __shared BackingData)
}

extension PersistentModel {
    /// The same model: the same backing data. A context registers one object per row, so this
    /// is the object's identity, except for an owner a graph's insertion registered by its
    /// backing data (`ModelContext.insertOwners(_:of:)`), equal to the object its initializer made.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.backingData === rhs.backingData }
    /// The backing data's identity, which never changes after the model's initializer.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(backingData)) }
}

extension PersistentModel where ID == PersistentIdentifier {
    /// SwiftData's `id`: the model's ``persistentModelID``; safe from any thread.
    public var id: PersistentIdentifier { persistentModelID }
}

extension PersistentModel {
    /// No related models, unless `@Model` lists them.
    public static var relatedModelTypes: [any PersistentModel.Type] { [] }

    /// The object's identity; safe from any thread.
    public var persistentModelID: PersistentIdentifier { backingData.persistentModelID }
    /// The context the object is registered in; safe from any thread.
    public var modelContext: ModelContext? { backingData.modelContext }
    /// Whether the object has unsaved changes (inserted, updated or deleted); safe from any thread.
    public var hasChanges: Bool { backingData.hasChanges }
    /// Whether the object is a placeholder whose values are not loaded yet; safe from any thread.
    public var isFault: Bool { backingData.isFault }
    /// Whether the object's deletion is pending (deleted, not saved yet); safe from any thread.
    public var isDeleted: Bool { backingData.isDeleted }
    /// SwiftData's name for the model's backing data, typed by the model so that its key-path
    /// forms read as article 000 writes them:
    /// `item.persistentBackingData.setValue(forKey: \.timestamp, to: .now)`.
    public var persistentBackingData: PersistentBackingData<Self> { PersistentBackingData(backingData) }
}

extension PersistentModel {
    /// An unregistered instance holding a row's stored values: what batch requests and
    /// store-only fetches evaluate predicates on, without touching any context.
    static func detachedCopy(of row: EntitySQL.Row, _ sql: EntitySQL) -> Self {
        let identifier = sql.identifier(primaryKey: row.primaryKey)
        let data = Unmanaged.passRetained(BackingData(entity: entitySchema, identifier: identifier, values: row.values,
                                                      version: row.version))
        return BackingData.adopted(data) { Self(backingData: $0) }
    }
}
