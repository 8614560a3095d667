import Foundation
import PersistenceCore
import SampleModels
import Lessons

enum WrongContextQueue02 {  // tutorial:hide
    /// Article 003's "context in wrong queue": the main context, reset from a detached task.
    func contextInWrongQueue(_ container: ModelContainer) async {
        await Task.detached {
            let context = container.viewContext
            context.reset()  // a main-queue context, called off the main queue
        }.value
    }

    /// Article 003's "NSManagedObject in wrong context": on the main queue, an item is inserted
    /// into a background context and assigned there.
    @MainActor
    func modelInWrongContext(_ container: ModelContainer) {
        let backgroundContext = container.newBackgroundContext()
        let item = Item(timestamp: .distantPast)
        backgroundContext.insert(item)  // bound to the private queue
        item.timestamp = .now           // assigned on the main queue
    }
}  // tutorial:hide
