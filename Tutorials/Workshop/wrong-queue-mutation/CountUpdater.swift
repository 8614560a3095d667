// Workshop exercise: Fix this wrong-queue mutation
// Lesson wrong-queue-mutation (`swift run lab run wrong-queue-mutation`), articles 000 and 003.
//
// `setCount(_:of:in:)` is called from a background thread, but `item` belongs to `context`, a
// private-queue context. Today the write lands on the caller's thread: it "works", and it is a
// data race. Make the write happen on the context's queue.
//
// Check your work:  swift run lab workshop wrong-queue-mutation
//
// Hint 1: A model may only be touched on its context's queue, and this method does not run there.
// Hint 2: `context.performAndWait { ... }` runs a closure on the context's queue and waits for it.
//         Its closure is `@Sendable`, as in Core Data's current SDK, and a model is not: capture
//         `item.persistentModelID` and look the item up inside with `context.model(for:)`.
// Hint 3: `let id = item.persistentModelID`, then
//         `context.performAndWait { (context.model(for: id) as? Item)?.count = value }`.

import PersistenceCore
import SampleModels

/// Sets an item's count for callers on any thread.
struct CountUpdater: CountUpdating {
    func setCount(_ value: Int, of item: Item, in context: ModelContext) {
        item.count = value
    }
}
