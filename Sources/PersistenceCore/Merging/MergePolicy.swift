/// How a save resolves conflicts: objects whose row changed in the store since the context read
/// them. Core Data's merge policies, with their meanings.
public enum MergePolicy: Sendable {
    /// Core Data's default: the save throws ``ModelError/mergeConflict(_:)`` listing every
    /// conflict, and writes nothing.
    case error
    /// Property by property; where the store and memory both changed a property, the store wins.
    /// In-memory changes to other properties are kept.
    case mergeByPropertyStoreTrump
    /// Property by property; where both changed a property, memory wins. Store changes to other
    /// properties are kept.
    case mergeByPropertyObjectTrump
    /// The in-memory object is written whole over the store's row.
    case overwrite
    /// The object's unsaved changes are discarded in favour of the store.
    case rollback
    /// Your own resolution: given the conflicts, return the values to save for each identifier
    /// (missing identifiers keep what the store holds).
    case custom(@Sendable ([MergeConflict]) -> [PersistentIdentifier: [String: SQLiteValue]])
}

extension MergePolicy {
    /// The policy as code names it: `.error`, `.mergeByPropertyObjectTrump`, … `.custom` for any
    /// custom rule.
    public var name: String {
        switch self {
        case .error: ".error"
        case .mergeByPropertyStoreTrump: ".mergeByPropertyStoreTrump"
        case .mergeByPropertyObjectTrump: ".mergeByPropertyObjectTrump"
        case .overwrite: ".overwrite"
        case .rollback: ".rollback"
        case .custom: ".custom"
        }
    }
}
