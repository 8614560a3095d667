// Workshop exercise: Run the actor on its context's queue
// Lesson model-actor-executor (`swift run lab run model-actor-executor`), articles 000 and 001.
//
// Article 001 builds a custom executor so that an actor's methods run where its context's models
// may be touched. This one is article 001's first `CustomExecutor`: it runs every job on a serial
// queue of its own. Serial, so no two jobs overlap, but it is not the context's queue, and every
// model access in the actor is a wrong-queue access. Make the executor run jobs on the context's
// queue.
//
// Check your work:  swift run lab workshop model-actor-executor
//
// Hint 1: The actor's methods run wherever `enqueue` sends its jobs. Where does it send them?
// Hint 2: `context.perform { ... }` runs a closure on the context's queue, in order, and returns
//         at once: the asynchronous hop an executor needs (never `performAndWait`, which can
//         deadlock two actors that call each other).
// Hint 3: Replace `serialQueue.async` with `context.perform`, and delete `serialQueue`.

import Dispatch
import PersistenceCore

/// A serial executor for actors that work with `context`'s models.
final class ItemContextExecutor: ContextExecuting {
    let context: ModelContext
    private let serialQueue = DispatchQueue(label: "ItemContextExecutor")

    init(context: ModelContext) {
        self.context = context
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        serialQueue.async {
            job.runSynchronously(on: executor)
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
