/// A place where a running job touches state that jobs on other queues share: the explorer may
/// pause the job there and run another queue's job first.
///
/// Jobs on two queues run in parallel in a real run, so whole jobs are not fine enough: two
/// contexts that each read a row and save it in one `perform` can both read before either
/// commits. The store's reads and commits, and the did-save notification, are therefore points
/// of their own. The core announces each one with ``ExplorationSeam/willAccess(_:)`` just before
/// it happens, outside every lock (a job paused while holding the store's connection would stop
/// every other queue's read).
package enum SchedulingPoint: Sendable, Hashable {
    /// A read of the store: a fetch, a fault, a lookup, a count.
    case storeRead(ObjectIdentifier)
    /// A write transaction of the store: a save's commit, a batch request, new permanent keys.
    case storeCommit(ObjectIdentifier)
    /// A context posts ``ModelContext/didSave``: observers run on the saving thread.
    case didSave
    /// State the body shares some other way, named by the explorer's `Interleavings.willAccess(_:)`.
    case named(String)

    /// How a timeline shows the step that starts here.
    package var label: String {
        switch self {
        case .storeRead: "store read"
        case .storeCommit: "store commit"
        case .didSave: "posts did-save"
        case .named(let name): name
        }
    }
}
