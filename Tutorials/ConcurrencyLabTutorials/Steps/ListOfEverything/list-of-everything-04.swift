import Foundation
import PersistenceCore
import SampleModels

enum ListOfEverything04 {  // tutorial:hide
    /// SwiftData: the list a screen shows, the first 100 items oldest first. The main context
    /// still merges every background save by itself, on the main queue; the list then fetches
    /// 100 rows again, not every row. (Page on with `fetchOffset` as the user scrolls.)
    @MainActor
    func screenfulList(in container: ModelContainer) throws -> ResultsObserver<Item, Never> {
        var descriptor = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])
        descriptor.fetchLimit = 100
        return try ResultsObserver(fetchDescriptor: descriptor, modelContext: container.mainContext)
    }
}  // tutorial:hide
