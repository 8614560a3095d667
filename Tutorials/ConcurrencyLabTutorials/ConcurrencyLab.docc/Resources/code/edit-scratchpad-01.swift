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