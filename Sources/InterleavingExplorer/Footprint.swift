/// What one step touched that other lanes' steps could touch too: two steps with disjoint
/// footprints give the same result in either order, and the explorer never tries both (see
/// ``ScheduleSearch``).
///
/// A step's footprint is its own lane, the lanes it enqueued on, and the scheduling point it
/// started at (a store read or commit, a did-save). That is everything it can share with other
/// lanes *if* they share state only through the store, the notifications, enqueued jobs,
/// continuations and actors: which is what Swift 6's Sendable checking leaves, but for locks,
/// atomics and buffers (an `AsyncStream`'s) that the explorer cannot see. Those need
/// ``Interleavings/willAccess(_:)``, or `pruning: false`.
///
/// One hole is plugged by hand: a plain actor's later jobs join its turn without passing through
/// any hook, so while a turn is alive every step is opaque, dependent on everything.
struct Footprint: Sendable, Hashable, Codable {
    var reads: Set<String> = []
    var writes: Set<String> = []
    var isOpaque = false

    /// Whether the two steps give the same result in either order.
    func isIndependent(of other: Footprint) -> Bool {
        if isOpaque || other.isOpaque { return false }
        return writes.isDisjoint(with: other.reads) && writes.isDisjoint(with: other.writes)
            && other.writes.isDisjoint(with: reads)
    }
}
