import PersistenceCore
import SampleModels

// tutorial:begin sheet
/// The right way: an edit sheet with a scratchpad of its own, a child of the main context.
///
/// Everything the sheet changes lives in its scratchpad until Save: the main context, and the
/// list it shows, see none of it. Save pushes the edits into the main context (one level up,
/// not to the store); the app's next save of the main context writes them. Cancel has nothing to
/// undo: the scratchpad goes away with the sheet, and the main context's own unsaved changes stay.
@MainActor
final class EditSheet {
    /// The sheet's scratchpad: a child of the main context, on the main queue as a view is.
    let scratchpad: ModelContext
    private let item: Item

    /// Opens the sheet on the item `id` names.
    init(editing id: PersistentIdentifier, in mainContext: ModelContext) throws {
        // The lab's child context; Core Data: NSManagedObjectContext(concurrencyType:) + parent.
        scratchpad = ModelContext(parent: mainContext, concurrencyType: .mainQueue)
        scratchpad.name = "edit sheet (child of the main context)"
        // The lab's existingModel(for:as:); Core Data: existingObject(with:).
        item = try scratchpad.existingModel(for: id, as: Item.self)
    }

    /// What the user types.
    func rename(to title: String) {
        item.title = title
    }

    /// A new item added from the sheet; its identifier is temporary until the main context saves.
    func add(_ title: String) -> Item {
        let new = Item(timestamp: .now, title: title)
        scratchpad.insert(new)
        return new
    }

    /// Save: the edits go into the main context, and no further.
    func save() throws {
        try scratchpad.save()
    }

    /// Cancel: nothing to undo. The scratchpad, and every edit in it, goes away with the sheet.
    func cancel() {}
}
// tutorial:end sheet
