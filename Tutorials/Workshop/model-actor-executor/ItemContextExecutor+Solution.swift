import PersistenceCore

extension Solution {
    /// Solved: article 001's `NSModelObjectContextExecutor`, every job in `context.perform`.
    final class ItemContextExecutor: ContextExecuting {
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
}
