// Workshop exercise: Give the edit sheet a scratchpad of its own
// Lesson edit-scratchpad (`swift run lab run edit-scratchpad`), article 003.
//
// The edit sheet renames an item. It edits the main context's own model, so the list behind the
// sheet shows every keystroke, and Cancel calls `rollback()`, which also throws away the item the
// user added on the main screen and has not saved yet. Make the sheet edit a scratchpad of its
// own: Cancel must leave the main context as it was, and Save must hand the edit to the main
// context (the app saves the main context itself).
//
// Check your work:  swift run lab workshop edit-scratchpad
//
// Hint 1: Core Data's answer to "edits I may throw away" is a context whose parent is the main
//         context: it sees what the main context holds, and its save goes into the main context only.
// Hint 2: `ModelContext(parent: mainContext, concurrencyType: .mainQueue)`, the lab's spelling of
//         Core Data's `NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)` with
//         its `parent` set; look the item up in it.
// Hint 3: Save saves that child context; Cancel does nothing: the child goes away with the sheet.

import PersistenceCore
import SampleModels

/// The sheet that renames one item.
@MainActor
final class ItemEditSheet: ItemEditing {
    private let mainContext: ModelContext
    private let item: Item

    init(editing id: PersistentIdentifier, in mainContext: ModelContext) throws {
        self.mainContext = mainContext
        // The lab's `existingModel(for:as:)`: Core Data's `existingObject(with:)`.
        item = try mainContext.existingModel(for: id, as: Item.self)
    }

    func rename(to title: String) {
        item.title = title
    }

    func save() throws {
        try mainContext.save()
    }

    func cancel() {
        mainContext.rollback()
    }
}
