import Dispatch
import PersistenceCore
import Lessons

enum ModelActorExecutor02 {  // tutorial:hide
    /// Article 000's `DataHandler`, with its `checkQueueInfo()`.
    @ModelActor
    actor DataHandler {
        func checkQueueInfo() -> (actorQueue: String, contextQueue: String) {
            (DispatchQueue.currentLabel, modelContext.queueLabel)
        }
    }

    func createdOnTheMainActor(_ container: ModelContainer) async {
        let handler = await MainActor.run { DataHandler(modelContainer: container) }
        print(await handler.checkQueueInfo())
        // ("com.apple.main-thread", "com.apple.main-thread"): every call blocks the UI
    }

    func createdDetached(_ container: ModelContainer) async {
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        print(await handler.checkQueueInfo())
        // ("ModelContext 0x…", "ModelContext 0x…"): the actor runs on its context's private queue
    }

    /// Article 001's `@NSModelActor`: a private queue, wherever it is created.
    @BackgroundModelActor
    actor Importer {}
}  // tutorial:hide
