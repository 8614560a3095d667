import Foundation

/// Where events happen, as a learner names it: the main queue, a context ("ModelContext 0x…
/// (private)"), a model actor, another process. A picture draws one lane per lane.
public struct TraceLane: Sendable, Hashable, Identifiable {
    public typealias ID = Int

    /// What a lane stands for.
    public enum Kind: Sendable, Hashable {
        /// The main queue itself: the heartbeat's busy and waiting spans.
        case mainQueue
        /// A context: the jobs on its queue, its fetches, saves and merges.
        case context
        /// Threads that are neither: a batch request run from a test, a violation from a detached task.
        case otherThreads
        /// Anything the traced code names: a model actor, a widget process.
        case named
    }

    /// The lane's number in its trace, in the order lanes first appeared.
    public let id: ID
    public let name: String
    public let kind: Kind
    /// The queue a context lane's work runs on (its label): how a violation finds the lane of the
    /// queue it should have run on.
    public let queueLabel: String?
    /// The store a context lane's context reads and writes (its `Z_UUID`): which changes could
    /// reach it.
    public let storeIdentifier: UUID?

    package init(id: ID, name: String, kind: Kind, queueLabel: String?, storeIdentifier: UUID?) {
        self.id = id
        self.name = name
        self.kind = kind
        self.queueLabel = queueLabel
        self.storeIdentifier = storeIdentifier
    }
}
