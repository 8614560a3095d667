import Dispatch
import PersistenceCore
import SampleModels
import Lessons

/// Article 000's "Modify in Wrong Thread": an item of a private-queue context, changed from a
/// global queue.
func modifyInWrongThread(_ item: Item) {
    // Swift 6 refuses to send a model to another thread; this line silences it.
    nonisolated(unsafe) let item = item
    DispatchQueue.global().async {
        item.count = 1
    }
}
