import Foundation
import PersistenceCore
import SampleModels

/// "I pressed Cancel, and the edit was saved anyway": an edit sheet that edits the main context's
/// models directly.
///
/// The main context shows a list of items, and holds one unsaved change of its own: an item the
/// user added on the main screen ("apples"). An edit sheet renames "milk" to "oat milk".
///
/// 1. **On the main context** (the wrong way): the list shows the half-done edit while the sheet is
///    open; Cancel that only closes the sheet leaves the edit in the main context, and the app's
///    next save writes it; Cancel with `rollback()` throws the edit away, and "apples" with it.
/// 2. **On a child context** (the right way, ``EditSheet``): the list shows nothing of the edit
///    while the sheet is open; Cancel drops the child and nothing else; Save pushes the edits into
///    the main context, and the main context's save writes them.
public struct EditScratchpad: Lesson {
    public static let info = LessonInfo(
        id: "edit-scratchpad",
        title: "An edit sheet on a child context: Cancel throws its edits away, Save hands them to the main context",
        articles: [.coreDataTips],
        frameworks: .init(
            wrongWay: "Both frameworks: an edit sheet that writes into the context the whole app shares (Core Data's viewContext; SwiftData's mainContext, which also autosaves).",
            rightWay: "Core Data (iOS 5 and later): a child context of the view context. SwiftData has no child contexts: its form is a second ModelContext with autosaveEnabled false, saved or dropped (this lesson's SwiftData run)."),
        why: """
            A sheet that edits the main context's models writes into the context the whole app \
            shares. The list behind it shows the half-typed title, Cancel has nothing of its own \
            to throw away, and the app's next save writes the cancelled edit; rollback() on Cancel \
            throws away every other unsaved change the main context held too. Core Data's nested \
            contexts are the scratchpad for this: a child of the main context reads through it \
            (it sees the main context's unsaved changes), and its save goes one level up, into the \
            main context, not to the store. Cancel drops the child; Save pushes the edits; the \
            main context's save writes them. Article 003 sets automaticallyMergesChangesFromParent, \
            whose name comes from these parent contexts.
            """,
        rule: "Give an edit sheet a child context of the main context: edit there, save the child to hand the edits to the main context (then save the main context), and drop the child to cancel.",
        whereToLook: [
            "Sources/Lessons/EditScratchpad/EditScratchpad.swift",
            "Sources/Lessons/EditScratchpad/EditSheet.swift",
            "Sources/Lessons/EditScratchpad/EditScratchpad+SwiftData.swift",
            "Sources/PersistenceCore/Nesting/ModelContext+SaveToParent.swift",
            "Sources/PersistenceCore/Nesting/ModelContext+ParentView.swift",
            "Sources/PersistenceCore/PersistenceCore.docc/NestedContexts.md",
            "Sources/Lessons/EditScratchpad/EditScratchpad+Outcome.swift",
            "Sources/Lessons/EditScratchpad/EditScratchpad+Report.swift",
            "Tests/PersistenceCoreTests/Nesting/NestedContextTests.swift",
        ])

    /// The items the store starts with.
    static let seed = ["bread", "eggs", "milk"]
    /// The item the user added on the main screen and has not saved.
    static let unsavedOnTheMainScreen = "apples"
    static let edited = "milk", renamed = "oat milk", added = "butter"

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        Outcome(onTheMainContext: try await editOnTheMainContext(in: environment),
                rollbackOnCancel: try await cancelWithRollback(in: environment),
                cancelledChild: try await cancelAChild(in: environment),
                savedChild: try await saveAChild(in: environment),
                swiftDataCancelled: try await editInASecondContext(save: false, in: environment),
                swiftDataSaved: try await editInASecondContext(save: true, in: environment))
    }

    // MARK: The wrong way: the sheet edits the main context

    // tutorial:begin wrong-way
    /// The sheet renames the main context's own model; Cancel only closes the sheet; later the app
    /// saves the main context for its own reasons.
    private func editOnTheMainContext(in environment: LessonEnvironment) async throws -> WrongWay {
        let (container, milk) = try await Self.app(in: environment, name: "edit-scratchpad-main")
        return try await MainActor.run {
            let main = container.viewContext
            // The lab's existingModel(for:as:); Core Data: existingObject(with:).
            try main.existingModel(for: milk, as: Item.self).title = Self.renamed    // the sheet's edit
            let listWhileEditing = try Self.list(main)
            // Cancel: the sheet closes. The edit is still in the main context.
            try main.save()                                                          // the app saves, later
            return WrongWay(listWhileEditing: listWhileEditing, store: try Self.stored(container))
        }
    }

    /// Cancel with `rollback()`: the edit goes, and so does every other unsaved change.
    private func cancelWithRollback(in environment: LessonEnvironment) async throws -> WrongWay {
        let (container, milk) = try await Self.app(in: environment, name: "edit-scratchpad-rollback")
        return try await MainActor.run {
            let main = container.viewContext
            // The lab's existingModel(for:as:); Core Data: existingObject(with:).
            try main.existingModel(for: milk, as: Item.self).title = Self.renamed
            let listWhileEditing = try Self.list(main)
            main.rollback()                                                          // Cancel
            try main.save()
            return WrongWay(listWhileEditing: listWhileEditing, store: try Self.stored(container))
        }
    }
    // tutorial:end wrong-way

    // MARK: The right way: the sheet edits a child of the main context

    // tutorial:begin right-way
    /// The sheet edits its own scratchpad; Cancel drops it; the app saves the main context later.
    private func cancelAChild(in environment: LessonEnvironment) async throws -> CancelledChild {
        let (container, milk) = try await Self.app(in: environment, name: "edit-scratchpad-cancel")
        return try await MainActor.run {
            let main = container.viewContext
            var sheet: EditSheet? = try EditSheet(editing: milk, in: main)
            sheet?.rename(to: Self.renamed)
            let sheetShows = try Self.list(sheet!.scratchpad)
            let listWhileEditing = try Self.list(main)
            sheet?.cancel()
            sheet = nil                                                              // the sheet closes
            let listAfterCancel = try Self.list(main)
            try main.save()
            return CancelledChild(sheetShows: sheetShows, listWhileEditing: listWhileEditing,
                                  listAfterCancel: listAfterCancel, store: try Self.stored(container))
        }
    }

    /// The sheet edits its scratchpad and adds an item; Save hands both to the main context; the
    /// app's save of the main context writes them.
    private func saveAChild(in environment: LessonEnvironment) async throws -> SavedChild {
        let (container, milk) = try await Self.app(in: environment, name: "edit-scratchpad-save")
        return try await MainActor.run {
            let main = container.viewContext
            let sheet = try EditSheet(editing: milk, in: main)
            sheet.rename(to: Self.renamed)
            let butter = sheet.add(Self.added)
            try sheet.save()                                                         // into the main context
            let listAfterSheetSave = try Self.list(main)
            let storeAfterSheetSave = try Self.stored(container)
            let mainsButter = try main.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.title == "butter" })).first
            let temporaryInMain = mainsButter?.persistentModelID.isTemporary ?? false
            try main.save()                                                          // the app saves
            return SavedChild(listAfterSheetSave: listAfterSheetSave, storeAfterSheetSave: storeAfterSheetSave,
                              store: try Self.stored(container),
                              addedTemporaryInSheet: butter.persistentModelID.isTemporary,
                              addedTemporaryInMainBeforeItsSave: temporaryInMain,
                              addedPermanentInMainAfterItsSave: mainsButter.map { !$0.persistentModelID.isTemporary } ?? false)
        }
    }
    // tutorial:end right-way

    // MARK: The app

    /// A container whose store holds the seed, and whose main context holds one unsaved item
    /// added on the main screen; the identifier of "milk".
    static func app(in environment: LessonEnvironment, name: String) async throws -> (ModelContainer, PersistentIdentifier) {
        let container = try environment.makeContainer(for: [Item.self], name: name)
        let seed = container.newBackgroundContext()
        seed.name = "seed"
        let milk = try seed.performAndWait {
            let items = Self.seed.map { Item(timestamp: .now, title: $0) }
            for item in items { seed.insert(item) }
            try seed.save()
            return items.first { $0.title == edited }?.persistentModelID  // permanent once saved
        }
        guard let milk else { throw LessonError.unexpected("the seed has no \(edited)") }
        await MainActor.run {
            container.viewContext.name = "main context (the list)"
            container.viewContext.insert(Item(timestamp: .now, title: Self.unsavedOnTheMainScreen))
        }
        return (container, milk)
    }

    /// What a list on `context` shows: every item's title, in order.
    @MainActor
    static func list(_ context: ModelContext) throws -> [String] {
        try context.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).compactMap(\.title)
    }

    /// Every title in the store, read by a context of its own.
    static func stored(_ container: ModelContainer) throws -> [String] {
        let reader = container.newBackgroundContext()
        reader.name = "lesson's checker"
        return try reader.performAndWait {
            try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).compactMap(\.title)
        }
    }
}
