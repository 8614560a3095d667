import PersistenceCore

/// Article 001's executor, as PersistenceCore's `ModelContextExecutor` writes it: every job
/// of the actor runs inside `context.perform`, on the context's queue.
final class ContextExecutor: SerialExecutor {
    let context: ModelContext

    init(context: ModelContext) {
        self.context = context
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        context.perform {
            job.runSynchronously(on: executor)
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// An actor that uses it: what `@ModelActor` writes for you.
actor DataHandler {
    nonisolated let modelExecutor: ContextExecutor

    init(context: ModelContext) {
        modelExecutor = ContextExecutor(context: context)
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        modelExecutor.asUnownedSerialExecutor()
    }

    var modelContext: ModelContext { modelExecutor.context }
}
