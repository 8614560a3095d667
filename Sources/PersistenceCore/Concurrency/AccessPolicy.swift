/// What happens when a model attribute is read or written off its context's queue.
public enum AccessPolicy: UInt8, Sendable, CaseIterable {
    /// Core Data's rule: the access is a violation (and a data race); ``ConcurrencyDebug`` reports it.
    case confined
    /// SwiftData's "second line of defense": the get or set hops synchronously onto the context's
    /// queue, so it is safe, and nothing is reported.
    case autoDispatch
}
