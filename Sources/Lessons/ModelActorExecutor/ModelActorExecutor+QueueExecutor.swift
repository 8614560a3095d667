import Dispatch

extension ModelActorExecutor {
    /// Article 001's first custom executor, before the context-backed one: every job of an actor
    /// runs on a plain serial `DispatchQueue`. A model actor's executor is the same idea with the
    /// context's `perform` as the serial queue (see `ModelContextExecutor`).
    public final class QueueExecutor: SerialExecutor {
        private let serialQueue: DispatchQueue

        public init(serialQueue: DispatchQueue) {
            self.serialQueue = serialQueue
        }

        public func enqueue(_ job: consuming ExecutorJob) {
            let unownedJob = UnownedJob(job)
            let unownedExecutor = asUnownedSerialExecutor()
            serialQueue.async {
                unownedJob.runSynchronously(on: unownedExecutor)
            }
        }

        public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
            UnownedSerialExecutor(ordinary: self)
        }
    }

    /// An actor that runs on a ``QueueExecutor``: counts its calls and says where each ran.
    actor QueueBoundCounter {
        private let executor: QueueExecutor
        private(set) var calls = 0
        private(set) var queuesSeen: Set<String> = []

        init(queue: DispatchQueue) {
            executor = QueueExecutor(serialQueue: queue)
        }

        /// The runtime asks every actor for its executor; this one names ours.
        nonisolated var unownedExecutor: UnownedSerialExecutor {
            executor.asUnownedSerialExecutor()
        }

        /// A read-modify-write of actor state: exact only if the calls never overlap.
        func count() {
            queuesSeen.insert(DispatchQueue.currentLabel)
            calls += 1
        }
    }

    /// Article 001's experiment: `calls` concurrent calls to an actor on a serial-queue executor.
    static func runOnQueueExecutor(calls: Int) async -> QueueExecutorRun {
        let label = "article-001.serial-queue"
        let counter = QueueBoundCounter(queue: DispatchQueue(label: label))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<calls {
                group.addTask { await counter.count() }
            }
        }
        return QueueExecutorRun(queueLabel: label, queuesSeen: await counter.queuesSeen.sorted(),
                                calls: calls, counted: await counter.calls)
    }

    /// What the serial-queue executor did.
    public struct QueueExecutorRun: Sendable, Codable, Hashable {
        /// The label of the queue the executor wraps.
        public var queueLabel: String
        /// The labels of the queues the actor's method ran on.
        public var queuesSeen: [String]
        /// How many concurrent calls were made.
        public var calls: Int
        /// What the actor counted.
        public var counted: Int
    }
}
