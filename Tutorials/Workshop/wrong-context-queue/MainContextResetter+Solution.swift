import PersistenceCore

extension Solution {
    /// Solved: the reset runs on the main context's queue.
    struct MainContextResetter: MainContextResetting {
        func discardEdits(in container: ModelContainer) async {
            let context = container.viewContext
            await context.perform {
                context.reset()
            }
        }
    }
}
