import Foundation

/// One commit to a store, as history keeps it: SwiftData's `HistoryTransaction`, Core Data's
/// `NSPersistentHistoryTransaction`.
public protocol HistoryTransaction: Hashable, Identifiable, Sendable {
    associatedtype TokenType: HistoryToken
    /// The `author` of the context that saved, or nil (batch requests, contexts with no author).
    var author: String? { get }
    /// What the commit inserted, updated and deleted, in the order it wrote them.
    var changes: [HistoryChange] { get }
    /// The store the commit was made to.
    var storeIdentifier: String { get }
    /// When the commit was made.
    var timestamp: Date { get }
    /// Where the commit sits in the store's history.
    var token: TokenType { get }
    /// The transaction's number in its store.
    var transactionIdentifier: Int64 { get }
}

/// A transaction of a store of this library: what `fetchHistory` returns.
public struct DefaultHistoryTransaction: HistoryTransaction {
    public let author: String?
    public let changes: [HistoryChange]
    public let storeIdentifier: String
    public let timestamp: Date
    public let token: DefaultHistoryToken
    public var transactionIdentifier: Int64 { token.value }
    public var id: DefaultHistoryToken { token }

    /// Two transactions are the same commit when their tokens are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.token == rhs.token }
    public func hash(into hasher: inout Hasher) { hasher.combine(token) }
}

/// One change of a transaction: SwiftData's `HistoryChange`.
public enum HistoryChange: Sendable {
    case insert(any HistoryInsert)
    case update(any HistoryUpdate)
    case delete(any HistoryDelete)

    /// The model the change is about.
    public var changedPersistentIdentifier: PersistentIdentifier {
        switch self {
        case .insert(let insert): insert.changedPersistentIdentifier
        case .update(let update): update.changedPersistentIdentifier
        case .delete(let delete): delete.changedPersistentIdentifier
        }
    }
}

/// What every kind of change says: which model, and where in history.
public protocol HistoryChangeDescription: Sendable {
    associatedtype Model: PersistentModel
    /// The model inserted, updated or deleted.
    var changedPersistentIdentifier: PersistentIdentifier { get }
    /// The change's number in its store (`Z_PK` in `ACHANGE`; the insertions of one save's run of
    /// consecutive new rows share one, see `FastPaths/HistoryInsertionRuns.swift`).
    var changeIdentifier: Int64 { get }
    /// The transaction it belongs to.
    var transactionIdentifier: Int64 { get }
}

/// An inserted model.
public protocol HistoryInsert: HistoryChangeDescription {}

/// An updated model, and which of its properties the commit changed (history keeps which, not
/// the values: "neither keep the changed data for an update", as an Apple engineer put it).
public protocol HistoryUpdate: HistoryChangeDescription {
    var updatedAttributes: [any PartialKeyPath<Model> & Sendable] { get }
}

/// A deleted model, and the values of its attributes marked `@Attribute(.preserveValueOnDeletion)`.
public protocol HistoryDelete: HistoryChangeDescription {
    var tombstone: HistoryTombstone<Model> { get }
}

/// An insertion of a `Model`.
public struct DefaultHistoryInsert<Model: PersistentModel>: HistoryInsert {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
}

/// An update of a `Model`.
public struct DefaultHistoryUpdate<Model: PersistentModel>: HistoryUpdate {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
    /// The properties the commit changed, attributes and relationships, in the model's order.
    public let updatedAttributes: [any PartialKeyPath<Model> & Sendable]
}

/// A deletion of a `Model`.
public struct DefaultHistoryDelete<Model: PersistentModel>: HistoryDelete {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
    public let tombstone: HistoryTombstone<Model>
}

/// What history kept of a deleted model: the values of its `.preserveValueOnDeletion` attributes.
///
/// Read one with its key path: `tombstone[\Note.title] as? String`. Other attributes read nil.
/// A value comes back as its Swift type for the primitive types (`String`, `Int`, `Date`, `UUID`,
/// …); an enum or `Codable` attribute comes back as the form the store keeps (its raw value, or
/// its JSON as `Data`), since history is read without the model's types at hand.
public struct HistoryTombstone<Model: PersistentModel>: Sendable {
    /// The kept values by attribute name.
    let values: [String: HistoryTombstoneValue]

    /// The kept value of `keyPath`'s attribute, or nil when it was not kept (or was nil).
    public subscript(keyPath: PartialKeyPath<Model>) -> (any Sendable)? {
        guard let name = Model.attributeKeyPaths[keyPath] else { return nil }
        return values[name]?.swiftValue
    }

    /// The names of the attributes kept, in no particular order.
    public var attributeNames: [String] { Array(values.keys) }
}
