import PersistenceCore
import SampleModels

extension Solution {
    /// Exercise 1 solved: the write runs on the context's queue, whoever calls.
    struct CountUpdater: CountUpdating {
        func setCount(_ value: Int, of item: Item, in context: ModelContext) {
            context.performAndWait {
                item.count = value
            }
        }
    }
}
