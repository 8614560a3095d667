import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the write runs on the context's queue, whoever calls.
    struct CountUpdater: CountUpdating {
        func setCount(_ value: Int, of item: Item, in context: ModelContext) {
            // performAndWait's block is @Sendable, as Core Data's: the identifier crosses, and
            // model(for:) hands back the instance the context registered.
            let id = item.persistentModelID
            context.performAndWait {
                (context.model(for: id) as? Item)?.count = value
            }
        }
    }
}
