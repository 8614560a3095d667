import Dispatch
import PersistenceCore
import Lessons

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
