import PersistenceCore
import Lessons

enum TaskVsDetached01 {  // tutorial:hide
    /// Article 000's SwiftUI view: `@MainActor`, like a view's `body`.
    @MainActor
    struct ItemListView {
        let modelContext: ModelContext

        /// Button("Create New Context") { ... }
        func createContextButtonTapped() {
            let container = modelContext.container
            Task {
                // Using main queue, not background context
                let privateContext = ModelContext(container)
                print(privateContext.concurrencyType)  // mainQueue
            }
        }
    }
}  // tutorial:hide
