import PersistenceCore
import Lessons

/// Article 003's "context in wrong queue", in Core Data: the view context, reset from a
/// detached task. `viewContext` can be named anywhere, so this compiles.
func contextInWrongQueue(_ container: ModelContainer) async {
    await Task.detached {
        let context = container.viewContext
        context.reset()  // a main-queue context, called off the main queue
    }.value
}
