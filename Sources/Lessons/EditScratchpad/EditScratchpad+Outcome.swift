extension EditScratchpad {
    /// What the list and the store showed, each way.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The sheet edits the main context; Cancel only closes it; the app saves later.
        public var onTheMainContext: WrongWay
        /// The same, with `rollback()` on Cancel.
        public var rollbackOnCancel: WrongWay
        /// The sheet edits a child; Cancel drops it; the app saves later.
        public var cancelledChild: CancelledChild
        /// The sheet edits a child, adds an item and saves; the app saves later.
        public var savedChild: SavedChild
        /// SwiftData's form, no child contexts: the sheet edits a second context and cancels.
        public var swiftDataCancelled: SwiftDataSheet
        /// The same, and the sheet saves.
        public var swiftDataSaved: SwiftDataSheet
    }

    /// SwiftData's sheet: the list while it edits its own context, after it closed, and the store.
    public struct SwiftDataSheet: Sendable, Codable, Hashable {
        public var listWhileEditing: [String]
        public var listAfter: [String]
        public var store: [String]
    }

    /// The list while the sheet was open on the main context, and the store after the app's save.
    public struct WrongWay: Sendable, Codable, Hashable {
        public var listWhileEditing: [String]
        public var store: [String]
    }

    public struct CancelledChild: Sendable, Codable, Hashable {
        /// The list as the sheet's own scratchpad shows it, while editing.
        public var sheetShows: [String]
        /// The main context's list while the sheet was open.
        public var listWhileEditing: [String]
        public var listAfterCancel: [String]
        /// The store after the app saved the main context.
        public var store: [String]
    }

    public struct SavedChild: Sendable, Codable, Hashable {
        /// The main context's list right after the sheet saved.
        public var listAfterSheetSave: [String]
        /// The store right after the sheet saved, before the main context did.
        public var storeAfterSheetSave: [String]
        /// The store after the main context saved.
        public var store: [String]
        public var addedTemporaryInSheet: Bool
        public var addedTemporaryInMainBeforeItsSave: Bool
        public var addedPermanentInMainAfterItsSave: Bool
    }
}

extension EditScratchpad {
    /// The lesson's claims, each decided by what the lists and the store showed.
    public func checks(_ outcome: Outcome) -> [Check] {
        let wrong = outcome.onTheMainContext, rollback = outcome.rollbackOnCancel
        let cancelled = outcome.cancelledChild, saved = outcome.savedChild
        let apples = Self.unsavedOnTheMainScreen, renamed = Self.renamed, milk = Self.edited
        func titles(_ name: String, _ list: [String]) -> Check.Value { .init(name, list.joined(separator: ", ")) }
        return [
            Check("editing the main context's model, the list behind the sheet already shows the unsaved edit",
                  holds: wrong.listWhileEditing.contains(renamed) && !wrong.listWhileEditing.contains(milk),
                  measured: [titles("list while editing", wrong.listWhileEditing)]),
            Check("Cancel that only closes the sheet leaves the edit in the main context: the app's next save writes it",
                  holds: wrong.store.contains(renamed) && !wrong.store.contains(milk),
                  measured: [titles("store", wrong.store)]),
            Check("rollback() on Cancel throws the edit away, and the main context's other unsaved change with it",
                  holds: rollback.store.contains(milk) && !rollback.store.contains(renamed) && !rollback.store.contains(apples),
                  measured: [titles("store", rollback.store)]),
            Check("editing a child, the sheet sees the main context's unsaved item and its own edit; the list behind it does not see the edit",
                  holds: cancelled.sheetShows.contains(apples) && cancelled.sheetShows.contains(renamed)
                      && cancelled.listWhileEditing.contains(milk) && !cancelled.listWhileEditing.contains(renamed),
                  measured: [titles("sheet", cancelled.sheetShows), titles("list while editing", cancelled.listWhileEditing)]),
            Check("Cancel drops the child and nothing else: the main context saves its own item, and no edit",
                  holds: cancelled.listAfterCancel == cancelled.listWhileEditing && cancelled.store.contains(apples)
                      && cancelled.store.contains(milk) && !cancelled.store.contains(renamed),
                  measured: [titles("list after cancel", cancelled.listAfterCancel), titles("store", cancelled.store)]),
            Check("the child's save hands the edits to the main context only; its save writes them",
                  holds: saved.listAfterSheetSave.contains(renamed) && saved.listAfterSheetSave.contains(Self.added)
                      && !saved.storeAfterSheetSave.contains(renamed) && !saved.storeAfterSheetSave.contains(Self.added)
                      && saved.store.contains(renamed) && saved.store.contains(Self.added) && saved.store.contains(apples),
                  measured: [titles("list after the sheet's save", saved.listAfterSheetSave),
                             titles("store after the sheet's save", saved.storeAfterSheetSave), titles("store", saved.store)]),
            Check("SwiftData, which has no child contexts: a second context with autosave off keeps the edit out of the list while editing, and dropped on Cancel leaves the store as it was",
                  holds: !outcome.swiftDataCancelled.listWhileEditing.contains(renamed) && outcome.swiftDataCancelled.store.contains(milk)
                      && !outcome.swiftDataCancelled.store.contains(renamed),
                  measured: [titles("list while editing", outcome.swiftDataCancelled.listWhileEditing), titles("store", outcome.swiftDataCancelled.store)]),
            Check("SwiftData: the second context's Save writes the store, and the main context, merging by itself, shows the edit",
                  holds: !outcome.swiftDataSaved.listWhileEditing.contains(renamed) && outcome.swiftDataSaved.listAfter.contains(renamed)
                      && outcome.swiftDataSaved.store.contains(renamed),
                  measured: [titles("list after the save", outcome.swiftDataSaved.listAfter), titles("store", outcome.swiftDataSaved.store)]),
            Check("an item added in the sheet keeps a temporary identifier until the main context saves it",
                  holds: saved.addedTemporaryInSheet && saved.addedTemporaryInMainBeforeItsSave && saved.addedPermanentInMainAfterItsSave,
                  measured: [.init("temporary in the sheet", saved.addedTemporaryInSheet),
                             .init("temporary in the main context before its save", saved.addedTemporaryInMainBeforeItsSave),
                             .init("permanent after", saved.addedPermanentInMainAfterItsSave)]),
        ]
    }
}
