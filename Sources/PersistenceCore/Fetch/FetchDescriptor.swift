import Foundation

/// What to fetch: SwiftData's `FetchDescriptor`.
///
/// The predicate is Foundation's `#Predicate`. Common forms (comparisons of attributes with
/// values, `&&`, `||`, `!`, nil checks, `contains`, `starts(with:)`) run as SQL; anything else is
/// evaluated in memory after the SQL part, with the same results.
public struct FetchDescriptor<T: PersistentModel>: Sendable {
    /// Which models to return; nil for all.
    public var predicate: Predicate<T>?
    /// The order of the results; by primary key (insertion order) when empty.
    public var sortBy: [SortDescriptor<T>]
    /// At most this many results.
    public var fetchLimit: Int?
    /// Skip this many results first.
    public var fetchOffset: Int?
    /// Whether unsaved inserts, changes and deletions of the context count (default true, as in
    /// SwiftData and Core Data).
    public var includePendingChanges: Bool
    /// Relationships to load for every result with one query each, after the fetch, instead of
    /// one query per result when each relationship fault fires (the N+1 pattern): SwiftData's and
    /// Core Data's `relationshipKeyPathsForPrefetching`, e.g. `[\Trip.stops]`.
    // Key paths are immutable values; the compiler does not mark them Sendable yet.
    public nonisolated(unsafe) var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []
    /// The attributes the caller will read, SwiftData's `propertiesToFetch`; empty for all.
    ///
    /// SwiftData reads only these columns and loads the others when they are first read: the same
    /// values, at another speed. Here every column is read, so the list changes nothing but what
    /// is checked: each key path must name an attribute or a to-one relationship of the model.
    public nonisolated(unsafe) var propertiesToFetch: [PartialKeyPath<T>] = []

    /// Refuses a negative limit or offset, on every path (SQL, memory, count), before anything
    /// is read: SQLite would read a negative limit as "no limit" and a negative offset as 0, and
    /// Swift's slicing would stop the process. Either way the caller's mistake would go unseen.
    func validate() throws(ModelError) {
        if let fetchLimit, fetchLimit < 0 {
            throw .invalidFetchDescriptor(entity: T.entitySchema.name, reason: "fetchLimit is \(fetchLimit); a limit must be 0 or more (nil for no limit)")
        }
        if let fetchOffset, fetchOffset < 0 {
            throw .invalidFetchDescriptor(entity: T.entitySchema.name, reason: "fetchOffset is \(fetchOffset); an offset must be 0 or more")
        }
        for keyPath in relationshipKeyPathsForPrefetching {
            let name = T.attributeKeyPaths[keyPath]
            guard let name, T.entitySchema.relationshipIndex(named: name) != nil else {
                throw .invalidFetchDescriptor(entity: T.entitySchema.name, reason: "relationshipKeyPathsForPrefetching names \(name.map { "'\($0)'" } ?? "a key path that is no persisted property"), which is not a relationship of \(T.entitySchema.name)")
            }
        }
        for keyPath in propertiesToFetch {
            let name = T.attributeKeyPaths[keyPath]
            let entity = T.entitySchema
            guard let name, entity.attributeIndex(named: name) != nil
                    || entity.relationshipIndex(named: name).map({ !entity.relationships[$0].isToMany }) == true else {
                throw .invalidFetchDescriptor(entity: entity.name, reason: "propertiesToFetch names \(name.map { "'\($0)'" } ?? "a key path that is no persisted property"), which is not an attribute or a to-one relationship of \(entity.name)")
            }
        }
    }

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = [],
                fetchLimit: Int? = nil, fetchOffset: Int? = nil, includePendingChanges: Bool = true) {
        self.predicate = predicate
        self.sortBy = sortBy
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
        self.includePendingChanges = includePendingChanges
    }
}
