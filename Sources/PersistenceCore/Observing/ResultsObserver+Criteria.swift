import Foundation

extension ResultsObserver {
    /// What the results are filtered by, SwiftData's `filterBy` (iOS 27). Setting it fetches again
    /// at once, on the context's queue (set it there), and publishes what changed.
    public var filterBy: Predicate<Element>? {
        get { fetchDescriptor.predicate }
        set {
            modelContext.checkQueue("ResultsObserver.filterBy")
            fetchDescriptor.predicate = newValue
            refetch(updated: [])
        }
    }

    /// What the results are sorted by, SwiftData's `sortBy` (iOS 27), after the `sectionBy` key
    /// path of an observer with sections, which stays first so that sections stay contiguous.
    /// Setting it fetches again at once, on the context's queue, and publishes the moves.
    public var sortBy: [SortDescriptor<Element>] {
        get { sectionSort == nil ? fetchDescriptor.sortBy : Array(fetchDescriptor.sortBy.dropFirst()) }
        set {
            modelContext.checkQueue("ResultsObserver.sortBy")
            fetchDescriptor.sortBy = Self.sortBy(newValue, after: sectionSort)
            refetch(updated: [])
        }
    }
}
