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