import Dispatch
import PersistenceCore

extension TaskVsDetached {
    /// Which queue a context is bound to, in a form an outcome can keep.
    public enum QueueKind: String, Sendable, Codable, Hashable {
        /// ``PersistenceCore/ConcurrencyType/mainQueue``.
        case mainQueue
        /// ``PersistenceCore/ConcurrencyType/privateQueue``.
        case privateQueue

        init(_ type: ConcurrencyType) {
            self = type == .mainQueue ? .mainQueue : .privateQueue
        }
    }

    /// Where a context was created, and what it became.
    public struct ContextFacts: Sendable, Codable, Hashable {
        /// The label of the queue that ran `ModelContext(container)`.
        public var createdOn: String
        /// The queue the new context is bound to.
        public var kind: QueueKind
        /// The label of the context's queue: `com.apple.main-thread` or `ModelContext 0x…`.
        public var queueLabel: String

        /// Creates a context with SwiftData's rule, here, and describes it.
        static func makeContextHere(_ container: ModelContainer) -> ContextFacts {
            let context = ModelContext(container)
            return ContextFacts(createdOn: DispatchQueue.currentLabel, kind: QueueKind(context.concurrencyType),
                                queueLabel: context.queueLabel)
        }
    }
}
