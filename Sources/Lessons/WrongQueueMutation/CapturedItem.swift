import Dispatch
import LabSupport
import PersistenceCore
import SampleModels

extension WrongQueueMutation {
    /// An `Item` registered in a private context, held by code that runs elsewhere: article 000's
    /// "Modify in Wrong Thread" button, which captures `items.first!` and changes it from
    /// `DispatchQueue.global()`.
    ///
    /// Holding the reference is not the mistake; touching the model's attributes anywhere but on
    /// its context's queue is. The methods below do it both ways.
    public struct CapturedItem: Sendable {
        /// The private context the item is registered in.
        public let context: ModelContext
        /// The model itself, smuggled past the compiler (see ``Smuggled``).
        let item: Smuggled<Item>

        /// Inserts and saves an item with `count` 0 on a new private context of `container`.
        public static func make(in container: ModelContainer) async throws -> CapturedItem {
            let context = container.newBackgroundContext()
            context.name = "the item's own context"
            let item = try await context.perform {
                let item = Item(timestamp: .now, count: 0)
                context.insert(item)
                try context.save()
                return Smuggled(item)
            }
            return CapturedItem(context: context, item: item)
        }

        /// The mistake: `item.count = value` on `DispatchQueue.global()`, not the context's queue.
        ///
        /// Returns the label of the queue the write ran on.
        @discardableResult
        public func setCountFromAnotherQueue(_ value: Int) async -> String {
            let item = self.item
            return await DispatchQueue.global().asyncAndAwait {
                item.value.count = value
                return DispatchQueue.currentLabel
            }
        }

        /// Article 000's experiment: the same mistake through the model's backing data,
        /// `item.persistentBackingData.setValue(forKey: \.count, to: value)` on `DispatchQueue.global()`.
        ///
        /// Returns the label of the queue the write ran on.
        @discardableResult
        public func setCountThroughBackingDataFromAnotherQueue(_ value: Int) async -> String {
            let item = self.item
            return await DispatchQueue.global().asyncAndAwait {
                item.value.persistentBackingData.setValue(forKey: \.count, to: value)
                return DispatchQueue.currentLabel
            }
        }

        /// The fix: the same write inside `perform`, on the context's queue.
        public func setCountWithPerform(_ value: Int) async {
            let item = self.item
            await context.perform { item.value.count = value }
        }

        /// The item's count, read on the context's queue.
        public func count() async -> Int {
            let item = self.item
            return await context.perform { item.value.count }
        }

        /// Whether the context has unsaved changes, asked on its queue.
        public func contextHasChanges() async -> Bool {
            let context = self.context
            return await context.perform { context.hasChanges }
        }
    }
}
