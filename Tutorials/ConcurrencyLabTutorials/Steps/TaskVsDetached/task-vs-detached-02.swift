import PersistenceCore
import Lessons

enum TaskVsDetached02 {  // tutorial:hide
    /// Article 000's SwiftUI view: `@MainActor`, like a view's `body`.
    @MainActor
    struct ItemListView {
        let modelContext: ModelContext

        /// Button("Create Background Context") { ... }
        func createBackgroundContextButtonTapped() {
            let container = modelContext.container
            Task.detached {
                // Off the MainActor: a private queue of its own
                let privateContext = ModelContext(container)
                print(privateContext.concurrencyType)  // privateQueue
            }
        }
    }
}  // tutorial:hide
