import PersistenceCore

extension EditScratchpad {
    /// What the lists and the store showed each way, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let wrong = outcome.onTheMainContext, rollback = outcome.rollbackOnCancel
        let cancelled = outcome.cancelledChild, saved = outcome.savedChild
        func list(_ titles: [String]) -> String { titles.joined(separator: ", ") }
        let wrongWay = [
            "The main context holds an unsaved item the user added on the main screen (\(Self.unsavedOnTheMainScreen)). "
                + "The edit sheet renames \(Self.edited) to \(Self.renamed) on the main context's own model.",
            "While the sheet is open, the list behind it shows: \(list(wrong.listWhileEditing)).",
            "Cancel only closed the sheet; the app's next save of the main context wrote the store: \(list(wrong.store)).",
            "Cancel with rollback() instead: the store after the app's save holds \(list(rollback.store)).",
        ]
        let rightWay = [
            "Core Data: the sheet edits its own child of the view context (EditSheet). It shows \(list(cancelled.sheetShows)); "
                + "the list behind it shows \(list(cancelled.listWhileEditing)).",
            "Cancel dropped the child: the list shows \(list(cancelled.listAfterCancel)), and the app's save wrote \(list(cancelled.store)).",
            "Save pushed the edits into the main context: its list shows \(list(saved.listAfterSheetSave)); the store "
                + "still holds \(list(saved.storeAfterSheetSave)) until the main context saves, then \(list(saved.store)).",
            "The item added in the sheet had a temporary identifier in the sheet (\(saved.addedTemporaryInSheet)) and in the main "
                + "context until its save (\(saved.addedTemporaryInMainBeforeItsSave)); permanent after: \(saved.addedPermanentInMainAfterItsSave).",
        ]
        let swiftData = [
            "SwiftData, which has no child contexts: the sheet edits a second context of the container (autosave off). "
                + "While it edits, the main context's list shows \(list(outcome.swiftDataCancelled.listWhileEditing)).",
            "Cancel dropped it: the store holds \(list(outcome.swiftDataCancelled.store)).",
            "Save wrote the store (\(list(outcome.swiftDataSaved.store))), and the main context, merging by itself, shows "
                + "\(list(outcome.swiftDataSaved.listAfter)).",
        ]
        func count(_ title: String, in titles: [String]) -> Double { Double(titles.filter { $0 == title }.count) }
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay + swiftData, measurements: [
            Measurement("cancelled edits the app's save wrote, main context edited", count(Self.renamed, in: wrong.store), unit: "edits"),
            Measurement("cancelled edits the app's save wrote, child edited", count(Self.renamed, in: cancelled.store), unit: "edits"),
            Measurement("unsaved items lost to Cancel, rollback()", 1 - count(Self.unsavedOnTheMainScreen, in: rollback.store), unit: "items"),
            Measurement("unsaved items lost to Cancel, child dropped", 1 - count(Self.unsavedOnTheMainScreen, in: cancelled.store), unit: "items"),
        ])
    }
}
