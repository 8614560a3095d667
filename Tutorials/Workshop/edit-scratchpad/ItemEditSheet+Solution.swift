import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: the sheet edits a child of the main context; Save pushes into it,
    /// Cancel drops the child.
    @MainActor
    final class ItemEditSheet: ItemEditing {
        private let scratchpad: ModelContext
        private let item: Item

        init(editing id: PersistentIdentifier, in mainContext: ModelContext) throws {
            // The lab's spellings of Core Data's NSManagedObjectContext(concurrencyType:) with its
            // parent set (SwiftData has no child contexts), and of its existingObject(with:).
            scratchpad = ModelContext(parent: mainContext, concurrencyType: .mainQueue)
            item = try scratchpad.existingModel(for: id, as: Item.self)
        }

        func rename(to title: String) {
            item.title = title
        }

        func save() throws {
            try scratchpad.save()
        }

        func cancel() {}
    }
}
