import Dispatch
import Foundation
import LabSupport
import PersistenceCore
import SampleModels

// Article 003's two buttons, each the wrong way and the right way. The lesson runs them under
// `.record`; the tests run the wrong ones again under `.trap`, in exit tests.
extension WrongContextQueue {
    /// Mistake 1, "context in wrong queue": `mainContext.reset()` from a detached task.
    ///
    /// ```
    /// Button("context in wrong queue") {
    ///     Task.detached {                          // pushed off the main queue
    ///         let context = container.viewContext
    ///         context.reset()                      // a main-queue context, called off its queue
    ///     }
    /// }
    /// ```
    /// Returns the label of the queue the call ran on.
    @discardableResult
    public static func resetMainContextFromDetachedTask(_ container: ModelContainer) async -> String {
        await Task.detached {
            let context = container.viewContext
            context.reset()
            return DispatchQueue.currentLabel
        }.value
    }

    /// Fix 1: the same call, sent back to the main queue with `perform`.
    ///
    /// Returns the label of the queue the call ran on.
    @discardableResult
    public static func resetMainContextWithPerform(_ container: ModelContainer) async -> String {
        await Task.detached {
            let context = container.viewContext
            return await context.perform {
                context.reset()
                return DispatchQueue.currentLabel
            }
        }.value
    }

    /// Fix 1, article 003's other spelling: hop back with `DispatchQueue.main.async`.
    ///
    /// ```
    /// Task.detached {
    ///     DispatchQueue.main.async { container.viewContext.reset() }
    /// }
    /// ```
    /// Returns the label of the queue the call ran on.
    @discardableResult
    public static func resetMainContextWithMainQueueAsync(_ container: ModelContainer) async -> String {
        await Task.detached {
            await DispatchQueue.main.asyncAndAwait {
                container.viewContext.reset()
                return DispatchQueue.currentLabel
            }
        }.value
    }

    /// Fix 1 in Swift concurrency: `await MainActor.run { … }`.
    ///
    /// Returns the label of the queue the call ran on.
    @discardableResult
    public static func resetMainContextWithMainActorRun(_ container: ModelContainer) async -> String {
        await Task.detached {
            await MainActor.run {
                container.viewContext.reset()
                return DispatchQueue.currentLabel
            }
        }.value
    }

    /// Mistake 2, "NSManagedObject in wrong context": on the main queue (a view's button), a new
    /// item is inserted into a background context and assigned there.
    ///
    /// ```
    /// Button("NSManagedObject in wrong context") {       // the main queue
    ///     let backgroundContext = container.newBackgroundContext()
    ///     let item = Item(context: backgroundContext)      // bound to the private queue
    ///     item.timestamp = .now                            // assigned on the main queue
    /// }
    /// ```
    /// Returns the label of the queue the work ran on.
    @MainActor
    @discardableResult
    public static func assignBackgroundItemOnMainQueue(_ backgroundContext: ModelContext) -> String {
        let item = Item(timestamp: .distantPast)
        backgroundContext.insert(item)
        item.timestamp = .now
        return DispatchQueue.currentLabel
    }

    /// Fix 2: the same work inside the background context's `perform`, on its private queue.
    ///
    /// Returns the label of the queue the work ran on.
    @MainActor
    @discardableResult
    public static func assignBackgroundItemWithPerform(_ backgroundContext: ModelContext) async throws -> String {
        try await backgroundContext.perform {
            let item = Item(timestamp: .distantPast)
            backgroundContext.insert(item)
            item.timestamp = .now
            try backgroundContext.save()
            return DispatchQueue.currentLabel
        }
    }
}
