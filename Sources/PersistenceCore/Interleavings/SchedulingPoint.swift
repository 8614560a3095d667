/// A place where a running job touches state that jobs on other queues share: the explorer may
/// pause the job there and run another queue's job first.
///
/// Jobs on two queues run in parallel in a real run, so whole jobs are not fine enough: two
/// contexts that each read a row and save it in one `perform` can both read before either
/// commits. The store's reads and commits, and the did-save notification, are therefore points
/// of their own. The core announces each one with ``Interleavings/willAccess(_:)`` just before it
/// happens, outside every lock (a job paused while holding the store's connection would stop
/// every other queue's read).
package enum SchedulingPoint: Sendable, Hashable {
    /// A read of the store: a fetch, a fault, a lookup, a count.
    case storeRead(ObjectIdentifier)
    /// A write transaction of the store: a save's commit, a batch request, new permanent keys.
    case storeCommit(ObjectIdentifier)
    /// A context posts ``ModelContext/didSave``: observers run on the saving thread.
    case didSave
    /// State the body shares some other way, named by ``Interleavings/willAccess(_:)``.
    case named(String)

    /// How a timeline shows the step that starts here.
    var label: String {
        switch self {
        case .storeRead: "store read"
        case .storeCommit: "store commit"
        case .didSave: "posts did-save"
        case .named(let name): name
        }
    }
}

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
