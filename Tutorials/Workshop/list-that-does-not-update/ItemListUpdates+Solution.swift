import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: other contexts' saves merged automatically, the batch merged by hand.
    enum ItemListUpdates: ItemListUpdating {
        static func prepare(_ mainContext: ModelContext) {
            // Every other context's save is merged on the main queue right after it commits, and
            // the list's observer fetches again.
            mainContext.automaticallyMergesChangesFromParent = true
        }

        static func markDone(_ numbers: [Int], in container: ModelContainer, mainContext: ModelContext) throws {
            let result = try container.execute(BatchUpdateRequest<Item>(predicate: #Predicate { numbers.contains($0.count) },
                                                                        propertiesToUpdate: ["title": "done"], resultType: .identifiers))
            // A batch request bypasses every context, even one that merges automatically: merge
            // the rows it changed by hand (each context merges on its own queue), with the lab's
            // spelling of NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:).
            ModelContext.mergeChanges(fromRemoteContextSave: .init(updated: Set(result.identifiers ?? [])), into: [mainContext])
        }
    }
}
