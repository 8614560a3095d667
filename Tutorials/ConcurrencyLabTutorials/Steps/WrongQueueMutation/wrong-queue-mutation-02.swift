import Dispatch
import PersistenceCore
import SampleModels
import Lessons

enum WrongQueueMutation02 {  // tutorial:hide
    /// Article 000's "Modify in Wrong Thread": an item of a private-queue context, changed from a
    /// global queue.
    func modifyInWrongThread(_ item: Item) {
        // Swift 6 refuses to send a model to another thread; this line silences it.
        nonisolated(unsafe) let item = item
        DispatchQueue.global().async {
            item.count = 1
        }
    }

    /// The same write with the checks on: `.record` notes each wrong-queue access, `.trap` stops
    /// the process like `-com.apple.CoreData.ConcurrencyDebug 1`.
    func catchTheStrayWrite(_ item: Item) async -> [ConcurrencyViolation] {
        nonisolated(unsafe) let item = item
        let (_, violations) = await ConcurrencyDebug.withMode(.record) {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    item.count = 1
                    done.resume()
                }
            }
        }
        return violations
    }
}  // tutorial:hide
