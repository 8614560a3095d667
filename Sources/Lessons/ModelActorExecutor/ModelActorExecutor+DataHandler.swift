import Dispatch
import PersistenceCore

extension ModelActorExecutor {
    /// Article 000's `DataHandler`: a `@ModelActor`, so its context, and with it the queue its
    /// code runs on, is chosen where the actor is created.
    @ModelActor
    actor DataHandler {
        /// Article 000's experiment: the label of the queue running this method, and of the
        /// queue running the context's `perform`.
        func checkQueueInfo() async -> QueueInfo {
            // Get Actor run queue label
            let actorQueueLabel = DispatchQueue.currentLabel
            // Get context queue label (enqueued, as article 000's fire-and-forget perform is)
            let contextQueueLabel = await modelContext.perform(schedule: .enqueued) {
                DispatchQueue.currentLabel
            }
            return QueueInfo(actorQueue: actorQueueLabel, contextQueue: contextQueueLabel)
        }
    }

    /// The same actor as `@BackgroundModelActor`: always a private queue, wherever it is created
    /// (CoreDataEvolution's `@NSModelActor`, article 001).
    @BackgroundModelActor
    actor BackgroundDataHandler {
        /// Where this method and the context's `perform` run.
        func checkQueueInfo() async -> QueueInfo {
            let actorQueueLabel = DispatchQueue.currentLabel
            let contextQueueLabel = await modelContext.perform(schedule: .enqueued) {
                DispatchQueue.currentLabel
            }
            return QueueInfo(actorQueue: actorQueueLabel, contextQueue: contextQueueLabel)
        }
    }

    /// A `@MainModelActor` view model: MainActor-isolated, over the container's `mainContext`.
    @MainModelActor
    final class ItemListModel {
        /// Where this method and the main context's `perform` run.
        func checkQueueInfo() async -> QueueInfo {
            let actorQueueLabel = DispatchQueue.currentLabel
            let contextQueueLabel = await modelContext.perform(schedule: .enqueued) {
                DispatchQueue.currentLabel
            }
            return QueueInfo(actorQueue: actorQueueLabel, contextQueue: contextQueueLabel)
        }
    }
}
