/// Which committed state of the store a context reads: Core Data's `NSQueryGenerationToken`.
///
/// A context is unpinned by default (``ModelContext/queryGeneration`` nil): every read sees the
/// latest commit, so two reads of one screen can straddle another context's save (a count that
/// disagrees with the list under it, a row shown on two pages). Pinned to ``current``, the
/// context reads the state committed at its next read, and keeps reading that state until it
/// saves, merges another save, is reset, or is pinned again. Only file stores (WAL) have
/// generations; in memory a pinned context reads unpinned, as Core Data's do on a store without
/// WAL ("Accessing data when the store has changed", Apple's Core Data documentation).
public struct QueryGeneration: Sendable, Hashable {
    /// The state committed when the context next reads.
    public static let current = QueryGeneration()

    private init() {}
}

extension ModelContext {
    /// The generation this context's reads are pinned to; nil (the default) reads the latest
    /// commit every time. Setting it, even to the same value, moves the pin to the next read.
    public var queryGeneration: QueryGeneration? {
        get {
            checkQueue("ModelContext.queryGeneration")
            return pinnedGeneration
        }
        set {
            checkQueue("ModelContext.queryGeneration")
            pinnedGeneration = newValue
            advanceQueryGeneration()
        }
    }

    /// Runs a read of the store: on the pinned snapshot if the context is pinned (pinning it
    /// now if this is the first read since), else on whatever connection the store lends.
    func readStore<T>(_ body: (SQLiteConnection) throws(ModelError) -> T) throws(ModelError) -> T {
        if pinnedGeneration != nil && pinnedSnapshot == nil {
            pinnedSnapshot = try container.store.pinSnapshot()
        }
        return try container.store.read(pinnedTo: pinnedSnapshot, body)
    }

    /// Lets go of the pinned snapshot, if any: a pinned context's next read pins the state
    /// committed then. Called when the context saves, merges, or is reset.
    func advanceQueryGeneration() {
        pinnedSnapshot = nil
    }
}
