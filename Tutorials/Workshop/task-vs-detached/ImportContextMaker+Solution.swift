import PersistenceCore

extension Solution {
    /// Solved: the context is created off the MainActor, so it gets a private queue.
    struct ImportContextMaker: ImportContextMaking {
        @MainActor
        func makeImportContext(for container: ModelContainer) async -> ModelContext {
            await Task.detached {
                ModelContext(container)
            }.value
        }
    }
}
