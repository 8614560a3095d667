import Synchronization

/// Whether any attribute access in the process may need a check: ``ConcurrencyDebug`` is on, or
/// some container uses ``AccessPolicy/autoDispatch``.
///
/// Attribute reads are the hottest path of the library, and most programs never turn either on.
/// One load of this word lets a read skip the checks; when it is set, the object's context
/// decides exactly (its own container's policy, the debug mode), so a container with
/// `.autoDispatch` only sends other containers' reads down that slower, still correct, path.
enum AccessChecks {
    /// Bit 0: debugging is on; the rest: twice the number of `.autoDispatch` policy switches.
    /// A constant initial value, so reading it needs no lazy initialization; the mode read from
    /// the environment sets bit 0 when ``ConcurrencyDebug`` first loads it, which every
    /// ``ContextLink`` makes happen before an object can be linked.
    private static let state = Atomic<Int>(0)

    /// False when no check can apply to any attribute access.
    static var mayApply: Bool { state.load(ordering: .relaxed) != 0 }

    /// Called when ``ConcurrencyDebug/mode`` changes.
    static func debugChecking(_ on: Bool) {
        if on {
            state.bitwiseOr(1, ordering: .relaxed)
        } else {
            state.bitwiseAnd(~1, ordering: .relaxed)
        }
    }

    /// Called when a policy switch turns `.autoDispatch` on (`true`) or off.
    static func autoDispatch(_ on: Bool) {
        state.add(on ? 2 : -2, ordering: .relaxed)
    }
}
