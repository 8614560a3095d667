import Foundation
import PersistenceCore
import SampleModels

/// Exercise 1's contract: set a model's attribute safely from any thread.
protocol CountUpdating: Sendable {
    init()
    /// Sets `item.count` to `value`. The caller does not run on `context`'s queue.
    func setCount(_ value: Int, of item: Item, in context: ModelContext)
}

/// Calls `setCount` from a task off the context's queue, with `ConcurrencyDebug` recording, and
/// checks that the write landed and ran on the context's queue.
enum CountUpdaterChecker {
    static func check<Updater: CountUpdating>(_ updater: Updater.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            let item = try context.performAndWait {
                let item = Item(timestamp: Date(timeIntervalSince1970: 0))
                context.insert(item)
                try context.save()
                return item
            }

            // This checker runs on Swift's global concurrent executor: not the context's queue.
            let (_, violations) = await ConcurrencyDebug.withMode(.record) {
                Updater().setCount(42, of: item, in: context)
            }

            var findings: [String] = []
            let offQueue = violations.against(context.queueLabel)
            if !offQueue.isEmpty {
                findings.append("setCount wrote the item off its context's queue '\(context.queueLabel)': "
                    + "\(offQueue.summary). The write must run on the context's queue.")
            }
            let seen = context.performAndWait { item.count }
            if seen != 42 {
                findings.append("After setCount(42, …) the item's count is \(seen), not 42.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Setting up the item")]
        }
    }
}
