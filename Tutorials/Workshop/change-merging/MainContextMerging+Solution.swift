import PersistenceCore

extension Solution {
    /// Solved: every other context's save is merged into the main context, on its queue.
    struct MainContextMerging: MainContextPreparing {
        @MainActor
        func prepare(_ mainContext: ModelContext) {
            mainContext.automaticallyMergesChangesFromParent = true
        }
    }
}
