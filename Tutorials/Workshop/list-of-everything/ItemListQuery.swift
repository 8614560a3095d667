// Workshop exercise: Keep the list on the main context to a screenful
// Lesson list-of-everything (`swift run lab run list-of-everything`), article 004.
//
// The list on screen is a `ResultsObserver` on SwiftData's main context, the role `@Query` plays
// in SwiftUI, and shows the items oldest first. The import already runs on a private queue, as
// article 004 advises, and saves 2,000 items at once. But the main context merges that save by
// itself, on the main queue, and the list takes it in there: it fetches every row again and makes
// a model for each, so the UI freezes once the import is saved. A screen shows 100 rows: make the
// list ask for those only, still oldest first.
//
// Check your work:  swift run lab workshop list-of-everything
//
// Hint 1: Nothing is wrong with the import: the cost is the list's. SwiftData's main context
//         merges every other context's save by itself, and a list on it fetches again on the
//         main queue (`lab run list-of-everything`, lane 1).
// Hint 2: A fetch can stop after the rows a screen shows: `FetchDescriptor.fetchLimit` (Core
//         Data's `NSFetchRequest.fetchLimit`).
// Hint 3: Keep the sort by timestamp and set `descriptor.fetchLimit = 100`: the limit takes the
//         first 100 rows in the descriptor's order.

import Foundation
import PersistenceCore
import SampleModels

/// The fetch behind the list on screen, on SwiftData's main context.
enum ItemListQuery: ItemListQuerying {
    static var descriptor: FetchDescriptor<Item> {
        // Every item, oldest first.
        FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])
    }
}
