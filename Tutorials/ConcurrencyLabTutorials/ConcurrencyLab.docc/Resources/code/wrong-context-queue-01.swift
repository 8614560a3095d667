import PersistenceCore
import Scenarios

/// Article 003's "context in wrong queue": the main context, reset from a detached task.
func contextInWrongQueue(_ container: ModelContainer) async {
    await Task.detached {
        let context = container.viewContext
        context.reset()  // a main-queue context, called off the main queue
    }.value
}
