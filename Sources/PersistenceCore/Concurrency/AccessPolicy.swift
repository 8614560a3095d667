import Synchronization

/// What happens when a model attribute is read or written off its context's queue.
public enum AccessPolicy: UInt8, Sendable, CaseIterable {
    /// Core Data's rule: the access is a violation (and a data race); ``ConcurrencyDebug`` reports it.
    case confined
    /// SwiftData's "second line of defense": the get or set hops synchronously onto the context's
    /// queue, so it is safe, and nothing is reported.
    case autoDispatch
}

/// A container's access policy, readable and settable from any thread; shared by the container
/// and every context's ``ContextLink``, so an attribute access reads it without touching either.
final class AccessPolicySwitch: Sendable {
    private let storage = Atomic<UInt8>(AccessPolicy.confined.rawValue)

    var value: AccessPolicy {
        get { AccessPolicy(rawValue: storage.load(ordering: .relaxed)) ?? .confined }
        set {
            let old = storage.exchange(newValue.rawValue, ordering: .relaxed)
            let (was, isNow) = (old == AccessPolicy.autoDispatch.rawValue, newValue == .autoDispatch)
            if was != isNow { QueueWatchdog.noteAutoDispatch(isNow) }
        }
    }

    deinit {
        if value == .autoDispatch { QueueWatchdog.noteAutoDispatch(false) }
    }
}
