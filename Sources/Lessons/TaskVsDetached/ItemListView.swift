import Dispatch
import PersistenceCore

extension TaskVsDetached {
    /// A stand-in for the SwiftUI view of article 000: `@MainActor`, like a view's `body`, with a
    /// button action and a `.task` closure that each create a context.
    ///
    /// `Task {}` inherits the actor it is started from, so inside a view it runs on the MainActor,
    /// the main queue, and `ModelContext(container)` there makes a main-queue context.
    /// `Task.detached {}` inherits nothing and runs off the main queue: a private-queue context.
    @MainActor
    struct ItemListView {
        /// What `@Environment(\.modelContext)` gives a view: the container's main context.
        let modelContext: ModelContext

        /// ```
        /// Button("Create New Context") {
        ///     let container = modelContext.container
        ///     Task {
        ///         // Using main queue, not background context
        ///         let privateContext = ModelContext(container)
        ///     }
        /// }
        /// ```
        func createContextButtonTapped() -> Task<ContextFacts, Never> {
            let container = modelContext.container
            return Task {
                ContextFacts.makeContextHere(container)
            }
        }

        /// ```
        /// SomeView()
        ///     .task {
        ///         // Using main queue, not background context
        ///         let privateContext = ModelContext(modelContext.container)
        ///     }
        /// ```
        /// SwiftUI runs a `.task` closure on the MainActor, as this one is declared.
        var task: @MainActor @Sendable () async -> ContextFacts {
            let container = modelContext.container
            return {
                ContextFacts.makeContextHere(container)
            }
        }

        /// The fix: `Task.detached` leaves the MainActor, so the new context gets a private queue.
        /// ```
        /// Button("Create Background Context") {
        ///     let container = modelContext.container
        ///     Task.detached {
        ///         let privateContext = ModelContext(container)
        ///     }
        /// }
        /// ```
        func createBackgroundContextButtonTapped() -> Task<ContextFacts, Never> {
            let container = modelContext.container
            return Task.detached {
                ContextFacts.makeContextHere(container)
            }
        }
    }
}
