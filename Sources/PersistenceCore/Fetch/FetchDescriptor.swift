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

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = [],
                fetchLimit: Int? = nil, fetchOffset: Int? = nil, includePendingChanges: Bool = true) {
        self.predicate = predicate
        self.sortBy = sortBy
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
        self.includePendingChanges = includePendingChanges
    }
}
