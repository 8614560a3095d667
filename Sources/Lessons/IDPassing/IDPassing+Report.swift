import PersistenceCore

extension IDPassing {
    /// The model passed, the identifier passed, the lookups and the identifiers' life, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let model = outcome.passingTheModel, identifier = outcome.passingTheIdentifier
        let lookups = outcome.lookups, deleted = outcome.afterDeletion, held = outcome.heldAcrossDeletion
        let ids = outcome.identifiers, archive = outcome.archive
        var wrongWay = [
            "A model of '\(model.ownerQueue)' read inside the perform of '\(model.readerQueue)': the value came back "
                + (model.readTheValue ? "right anyway" : "wrong") + ", and .record caught "
                + (model.violations.map { "\($0.operation) on '\($0.thread)'" }.joined(separator: ", ").nonEmpty ?? "nothing") + ".",
            "A temporary identifier (…/Item/t<UUID>) sent to another context before the save finds "
                + (ids.temporaryFoundByAnotherContextBeforeSave ? "the item" : "nothing (the row does not exist yet)")
                + ", and after the save " + (ids.temporaryFoundByAnotherContext ? "the item" : "still nothing")
                + "; even the context that saved it finds " + (ids.temporaryFoundBySavingContextAfterSave ? "the item" : "nothing")
                + " by it once the item has its permanent identifier.",
            "A context held an item while another context deleted it and saved: once merged, the held model is "
                + (held.registeredAfterMerge ? "still registered" : "no longer registered")
                + (held.hasContextAfterMerge ? "" : ", has no context")
                + (held.isFaultAfterMerge && !held.hasContextAfterMerge ? " and is a fault that can never be fulfilled: touching it stops the process (SwiftData: \"This model instance was invalidated\")" : "")
                + ".",
            "After the row was deleted, model(for:) still handed out a fault (\(deleted.modelForWasFault)); touching it "
                + "stops the process in the lab, as in SwiftData (Core Data's default, shouldDeleteInaccessibleFaults, reads its attributes as nil or 0 instead), with: \(deleted.faultTrapMessage)",
        ]
        if let first = model.violations.first {
            wrongWay.insert(".trap would stop the process with: \(first.description)", at: 1)
        }
        let rightWay = [
            "The identifier passed to a model actor on '\(identifier.actorQueue)': updateItem(identifier:timestamp:) "
                + (identifier.storeHasTheUpdate ? "saved the new timestamp" : "did NOT save") + ", "
                + "\(identifier.violations.count) violation(s).",
            "In a fresh context: registeredModel → \(lookups.registeredModelFound ? "the item" : "nil"); "
                + "model(for:) → a fault (\(lookups.modelForWasFault)) that loaded the saved value on first read "
                + "(\(lookups.faultFulfilledWithSavedValue)); existingModel → never a fault (\(!lookups.existingModelWasFault)).",
            "Article 003's delItem(id:) on a background context: \(outcome.deletions.byIdentifierRowsLeft) row(s) left, and the "
                + "auto-merging main context " + (outcome.deletions.byIdentifierStillShown ? "still shows the item" : "dropped it") + ".",
            "delItem(item:) through item.modelContext with performAndWait (perform's @Sendable block may not capture the model): "
                + "\(outcome.deletions.throughItsContextRowsLeft) row(s) left, \(outcome.deletions.throughItsContextViolations) violation(s) recorded.",
            "Held by identifier instead, the item is fetched again: existingModel "
                + (held.refetchThrewModelNotFound ? "threw modelNotFound, which the UI can handle" : "did not throw modelNotFound") + ".",
            "After the row was deleted: registeredModel → \(deleted.registeredModelFound ? "the item" : "nil"); "
                + "existingModel " + (deleted.existingModelThrewModelNotFound ? "threw modelNotFound" : "did not throw modelNotFound")
                + (deleted.existingModelError.map { ": \"\($0)\"" } ?? "."),
            "Temporary after insert (\(ids.temporaryAfterInsert): \(ids.temporaryURI)), permanent after obtainPermanentIdentifiers "
                + "(\(ids.permanentAfterObtaining): \(ids.permanentURI)), unchanged by the save (\(ids.unchangedBySave)); "
                + "without obtaining, temporary before the save (\(ids.temporaryBeforeSave)) and permanent after (\(ids.permanentAfterSave)). obtainPermanentIdentifiers(for:) is the lab's spelling of Core Data's obtainPermanentIDs(for:); SwiftData has none: save.",
            "Archived '\(archive.archived)' as a string; resolved later to the same identifier "
                + "(\(archive.resolvedToTheSameIdentifier)), count \(archive.resolvedItemCount.map(String.init) ?? "none"). "
                + "A malformed URI resolves: \(archive.malformedResolved); another store's: \(archive.otherStoreResolved).",
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay)
    }
}

extension String {
    /// Nil for the empty string: `list.joined().nonEmpty ?? "nothing"`.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
