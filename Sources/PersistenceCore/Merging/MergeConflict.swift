/// One object whose save collided with a newer version in the store: Core Data's `NSMergeConflict`.
///
/// Snapshots map attribute names to stored values. `newVersionNumber` is 0 when the row was
/// deleted behind the context's back (then `persistedSnapshot` is nil).
public struct MergeConflict: Sendable, Hashable, CustomStringConvertible {
    /// The object in conflict.
    public let identifier: PersistentIdentifier
    /// The values in memory, as the context was about to save them.
    public let objectSnapshot: [String: SQLiteValue]
    /// The values the context last read from the store.
    public let cachedSnapshot: [String: SQLiteValue]
    /// The values the store holds now; nil when the row is gone.
    public let persistedSnapshot: [String: SQLiteValue]?
    /// The `Z_OPT` version the context last read.
    public let oldVersionNumber: Int64
    /// The `Z_OPT` version in the store now; 0 when the row is gone.
    public let newVersionNumber: Int64

    public init(
        identifier: PersistentIdentifier,
        objectSnapshot: [String: SQLiteValue],
        cachedSnapshot: [String: SQLiteValue],
        persistedSnapshot: [String: SQLiteValue]?,
        oldVersionNumber: Int64,
        newVersionNumber: Int64
    ) {
        self.identifier = identifier
        self.objectSnapshot = objectSnapshot
        self.cachedSnapshot = cachedSnapshot
        self.persistedSnapshot = persistedSnapshot
        self.oldVersionNumber = oldVersionNumber
        self.newVersionNumber = newVersionNumber
    }

    public var description: String {
        "\(identifier): version \(oldVersionNumber) in the context, \(newVersionNumber) in the store"
    }
}
