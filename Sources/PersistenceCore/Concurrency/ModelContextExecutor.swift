import Dispatch
import Synchronization

/// A serial executor that runs an actor's jobs on a ``ModelContext``'s queue: what makes a
/// ``ModelActor``'s code run where its context's models may be touched.
///
/// Every job goes through the context's asynchronous ``ModelContext/perform(_:)``, so actor code
/// and `perform` blocks share one queue and one order. The hop is asynchronous on purpose: an
/// executor that used `performAndWait` blocks the caller's thread until the job ran, and two
/// actors calling each other then wait for each other forever (CoreDataEvolution's issue #1).
///
/// > Warning: An executor over a main-queue context runs its jobs on the main queue, but it is
/// > not the MainActor: code there is still not `@MainActor`-isolated.
public final class ModelContextExecutor: SerialExecutor {
    /// The context whose queue runs the jobs.
    public let context: ModelContext
    /// The name of the actor it runs ("ItemImporter"): a trace calls the context's lane
    /// "ItemImporter (model actor)" while the context has no ``ModelContext/name`` of its own.
    public let actorName: String?
    private let jobs = Atomic<Int>(0)

    /// How many jobs this executor has scheduled on the context's queue: each one a `perform`
    /// the actor's code did not have to write.
    public var enqueuedJobCount: Int { jobs.load(ordering: .relaxed) }

    /// An executor over `context`'s queue, for the actor called `actorName` (the model actor
    /// macros pass the actor's type name).
    public init(context: ModelContext, actorName: String? = nil) {
        self.context = context
        self.actorName = actorName
    }

    /// Schedules `job` on the context's queue, behind the work already there; returns at once.
    public func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        if let actorName { TraceRecorder.nameLane(of: context, byActor: actorName) }
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        context.enqueue("actor job", running: job) {
            job.runSynchronously(on: executor)
        }
    }

    /// The reference the Swift runtime keeps to this executor.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Stops the process unless the caller runs on the context's queue (or inside its
    /// `performAndWait`): what makes `assumeIsolated` and `assertIsolated` work from code the
    /// queue runs outside the actor, and fail loudly elsewhere.
    ///
    /// Without it, the runtime cannot tell that code inside the queue's `sync` is isolated to the
    /// actor, and `assumeIsolated` stops the process with "Unexpected isolation context".
    public func checkIsolated() {
        precondition(
            context.isOnQueue,
            "This code expected to run on the queue of its model actor's context, \(context.queueLabel), but runs on \(DispatchQueue.currentLabel). Reach the actor with await, or run the code inside context.perform."
        )
    }

    /// Whether `other` runs its jobs in the same place: true for two executors over one context.
    public func isSameExclusiveExecutionContext(other: ModelContextExecutor) -> Bool {
        other.context === context
    }
}
