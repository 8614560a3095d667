import PersistenceCore

extension MergeConflicts {
    /// The example's table in words: what each policy kept, memory against store.
    public func report(_ outcome: Outcome) -> LessonReport {
        let intended = outcome.intended
        var wrongWay = [
            "Ada was saved as \(outcome.original); the context changed her to \(outcome.contextEdit); "
                + "a batch update changed the store to \(outcome.batchEdit) behind its back.",
        ]
        var measurements: [Measurement] = []
        let error = outcome[.error]
        if let error {
            if let conflict = error.conflict {
                wrongWay.append("Under the default .error the save threw a merge conflict: the context read version "
                    + "\(conflict.oldVersionNumber), the store holds version \(conflict.newVersionNumber).")
                wrongWay.append("The conflict's snapshots: memory \(conflict.object.map(String.init(describing:)) ?? "?"), "
                    + "last read \(conflict.cached.map(String.init(describing:)) ?? "?"), "
                    + "store \(conflict.persisted.map(String.init(describing:)) ?? "?").")
                measurements.append(Measurement("version the context read", Double(conflict.oldVersionNumber), unit: "Z_OPT"))
                measurements.append(Measurement("version in the store at save", Double(conflict.newVersionNumber), unit: "Z_OPT"))
            } else {
                wrongWay.append("Under the default .error the save did not throw (unexpected).")
            }
            wrongWay.append("Nothing was written: the store holds \(error.store), so the new name \"\(outcome.contextEdit.name)\" "
                + "is lost unless the app catches the error; memory still holds \(error.memory).")
        }
        let automatic = outcome.autoMergingMainContext
        if let trump = outcome.explored(Self.objectTrumpRace) {
            wrongWay.append("Two contexts each read a count in one perform and write count + 1 in another, under "
                + ".mergeByPropertyObjectTrump; explored over every schedule: \(trump.summary).")
            if let losing = trump.firstSchedules[.lostOne] {
                wrongWay.append("The first schedule that lost one: both read before either committed, and the second save "
                    + "overwrote the first:\n" + losing.timeline)
            }
        }
        wrongWay.append("A main context with automaticallyMergesChangesFromParent still showed \(automatic.shownAfterBatch) after the batch"
            + (automatic.shownAfterBatch == outcome.original ? ": the batch bypassed it, as Core Data's do" : "")
            + "; the same edit's save " + (automatic.threwConflict ? "threw a merge conflict" : "did not throw")
            + ", the store holds \(automatic.store).")

        let byHand = outcome.batchMergedByHand
        var rightWay = [
            "Merged by hand right after the batch (ModelContext.mergeChanges(fromRemoteContextSave:into:) with its identifiers; "
                + "the lab's spelling of Core Data's NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)), the main context showed \(byHand.shownAfterBatch); the same edit "
                + (byHand.saved ? "saved with no conflict under .error" : "still threw") + ": the store holds \(byHand.store).",
        ]
        if let objectTrump = outcome[.mergeByPropertyObjectTrump] {
            rightWay.append("With .mergeByPropertyObjectTrump the save succeeded and stored \(objectTrump.store): "
                + "name and age from the context, sex from the batch (article 003's result).")
        }
        if let error = outcome.explored(Self.errorRace) {
            rightWay.append("The same split increments under .error: \(error.summary): no update is lost silently; "
                + "each stale save is refused, and the app can read again and retry.")
        }
        rightWay.append("Every policy, as memory | store after the save:")
        for result in outcome.results {
            let mark = result.store == intended ? "  ← keeps the intended values" : ""
            let meaning = Self.policies.first { $0.name == result.policy }.map(Self.meaning(of:)) ?? ""
            rightWay.append("  \(result.policy) (\(meaning)): "
                + "\(result.saved ? "saved" : "threw"); memory \(result.memory) | store \(result.store)\(mark)")
        }
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}
