import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the list asks for what a screen shows, the first 100 oldest first.
    enum ItemListQuery: ItemListQuerying {
        static var descriptor: FetchDescriptor<Item> {
            var descriptor = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])
            // The main context still merges every background save on the main queue; the list
            // then fetches 100 rows again, not every row.
            descriptor.fetchLimit = 100
            return descriptor
        }
    }
}
