import Foundation
import PersistenceCore
import SampleModels

extension EditScratchpad {
    /// SwiftData's form (iOS 17 and later), which has no child contexts: the sheet edits a second
    /// context of the container, made on the MainActor with `ModelContext(container)`, whose
    /// autosave is off (a hand-made context's default). Cancel drops it; Save writes the store,
    /// and the main context, which merges other contexts' saves by itself, shows the edit.
    ///
    ///     main context (the list)               the sheet's context (autosave off)
    ///                                           rename "milk" to "oat milk"
    ///     the list: still "milk"
    ///                                           Cancel: dropped, or Save: written to the store
    ///     the list: "milk", or "oat milk" once SwiftData merged the sheet's save
    @MainActor
    func editInASecondContext(save: Bool, in environment: LessonEnvironment) async throws -> SwiftDataSheet {
        let container = try environment.makeContainer(for: [Item.self], name: "edit-scratchpad-swiftdata-\(save ? "save" : "cancel")")
        let main = container.mainContext
        main.name = "SwiftData main context (the list)"
        for title in Self.seed { main.insert(Item(timestamp: .now, title: title)) }
        try main.save()
        let milk = try main.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.title == "milk" })).first?.persistentModelID
        guard let milk else { throw LessonError.unexpected("the seed has no \(Self.edited)") }

        // tutorial:begin swiftdata
        let sheet = ModelContext(container)     // on the MainActor: a main-queue context
        sheet.autosaveEnabled = false           // a hand-made context's default, said out loud
        sheet.name = "SwiftData sheet's context, \(save ? "Save" : "Cancel")"
        (sheet.model(for: milk) as? Item)?.title = Self.renamed
        let listWhileEditing = try Self.list(main)
        if save {
            try sheet.save()                    // to the store; the main context merges it
        }                                       // Cancel: the sheet's context is dropped
        // tutorial:end swiftdata
        await Task.yield()  // the main queue's next turn, after the merge the save queued there
        return SwiftDataSheet(listWhileEditing: listWhileEditing, listAfter: try Self.list(main), store: try Self.stored(container))
    }
}
