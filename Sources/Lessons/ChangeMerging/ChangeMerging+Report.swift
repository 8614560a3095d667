import PersistenceCore

extension ChangeMerging {
    /// What the view context (Core Data) and the main context (SwiftData) showed each way, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let storeAda = outcome.store.first { $0.name == "Ada" }
        let wrongWay = [
            "A background context set Ada's age to \(storeAda.map { String($0.age) } ?? "?"), deleted Bob and inserted Carol, "
                + "and saved: the store holds \(Self.names(outcome.store)).",
            "Core Data's view context, never merged (automaticallyMergesChangesFromParent is false by default): "
                + "its Ada still says \(outcome.notMerged.adaAge)"
                + (outcome.notMerged.bobStillRegistered ? ", and Bob, deleted in the store, is still registered there." : "."),
            "A new fetch on it returns \(Self.list(outcome.notMerged.fetched)): the rows come from the store, "
                + "but registered objects keep the values they were read with.",
        ]
        let counts = outcome.changesMergedByHand
        let rightWay = [
            "Core Data, by hand: the didSave observer received \(counts.inserted) inserted, \(counts.updated) updated and "
                + "\(counts.deleted) deleted identifiers and merged them on the main queue; Ada says \(outcome.mergedByHand.adaAge), "
                + "Bob is \(outcome.mergedByHand.bobStillRegistered ? "still registered" : "gone"), a fetch returns \(Self.list(outcome.mergedByHand.fetched)).",
            "Core Data, automatically (automaticallyMergesChangesFromParent): Ada says \(outcome.mergedAutomatically.adaAge), "
                + "Bob is \(outcome.mergedAutomatically.bobStillRegistered ? "still registered" : "gone"), "
                + "a fetch returns \(Self.list(outcome.mergedAutomatically.fetched)).",
            "SwiftData (iOS 17 and later): the main context, with no merging code, after a model actor's save: "
                + "Ada says \(outcome.swiftDataMainContext.adaAge), Bob is \(outcome.swiftDataMainContext.bobStillRegistered ? "still registered" : "gone"), "
                + "a fetch returns \(Self.list(outcome.swiftDataMainContext.fetched)).",
            "A batch update set Ada's age to \(outcome.batch.storeAge) in the store and posted \(outcome.batch.didSavePosted) didSave "
                + "notification(s); the auto-merging view context still said \(outcome.batch.adaAgeWithAutomaticMerging) "
                + "(batch requests bypass every context, as Core Data's do). Merging the batch's "
                + "\(outcome.batch.identifiersReturned) identifier(s) by hand with ModelContext.mergeChanges(fromRemoteContextSave:into:) "
                + "(the lab's spelling of Core Data's NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)) made it \(outcome.batch.adaAgeAfterMergingByHand).",
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: [
            Measurement("Ada's age in the unmerged view context", Double(outcome.notMerged.adaAge), unit: "years"),
            Measurement("Ada's age after merging", Double(outcome.mergedAutomatically.adaAge), unit: "years"),
        ])
    }

    private static func names(_ people: [PersonValues]) -> String {
        people.map(\.name).joined(separator: ", ")
    }

    private static func list(_ people: [PersonValues]) -> String {
        people.map { "\($0.name) (\($0.age))" }.joined(separator: ", ")
    }
}
