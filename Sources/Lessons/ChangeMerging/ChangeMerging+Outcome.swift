extension ChangeMerging {
    /// What the main context showed after a background save, each way.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The people as the background context saved them (read by a fresh context), by name.
        public var store: [PersonValues]
        /// Never merged: the main context's registered objects still show the old values.
        public var notMerged: MainContextView
        /// Merged by hand, from the `ModelContext.didSave` notification (article 003's observer).
        public var mergedByHand: MainContextView
        /// The changes the notification carried.
        public var changesMergedByHand: ChangeCounts
        /// Merged by `automaticallyMergesChangesFromParent = true`.
        public var mergedAutomatically: MainContextView
        /// SwiftData's main context after a model actor's save, with no merging code.
        public var swiftDataMainContext: MainContextView
        /// A batch update under automatic merging, then merged by hand.
        public var batch: BatchView
    }

    /// What an auto-merging main context showed of a batch update of Ada's age.
    public struct BatchView: Sendable, Codable, Hashable {
        /// Ada's age in the store after the batch.
        public var storeAge: Int
        /// How many `ModelContext.didSave` notifications the batch posted (Core Data's: none).
        public var didSavePosted: Int
        /// How many identifiers the batch's `.identifiers` result carried.
        public var identifiersReturned: Int
        /// Ada's age in the main context once any automatic merge would have run.
        public var adaAgeWithAutomaticMerging: Int
        /// Ada's age after `mergeChanges(fromRemoteContextSave:into:)` with the batch's identifiers.
        public var adaAgeAfterMergingByHand: Int
    }

    /// How the main context sees the people once the background save is done.
    public struct MainContextView: Sendable, Codable, Hashable {
        /// Ada's age on the main context's registered object (the store says 37).
        public var adaAge: Int
        /// Whether Bob, deleted and saved in the background, is still registered (and readable) here.
        public var bobStillRegistered: Bool
        /// A fresh fetch of every person on the main context, by name.
        public var fetched: [PersonValues]

        public init(adaAge: Int, bobStillRegistered: Bool, fetched: [PersonValues]) {
            self.adaAge = adaAge
            self.bobStillRegistered = bobStillRegistered
            self.fetched = fetched
        }
    }

    /// How many identifiers a `ModelContext.Changes` listed.
    public struct ChangeCounts: Sendable, Codable, Hashable {
        /// Rows the save inserted.
        public var inserted: Int
        /// Rows the save updated.
        public var updated: Int
        /// Rows the save deleted.
        public var deleted: Int

        public init(inserted: Int, updated: Int, deleted: Int) {
            self.inserted = inserted
            self.updated = updated
            self.deleted = deleted
        }
    }
}

extension ChangeMerging {
    /// Article 003's claims about merging, each decided by what the main context showed.
    public func checks(_ outcome: Outcome) -> [Check] {
        let storeAda = outcome.store.first { $0.name == "Ada" }
        let notMerged = outcome.notMerged, batch = outcome.batch
        func showsTheStore(_ view: MainContextView) -> Bool {
            view.adaAge == storeAda?.age && !view.bobStillRegistered && view.fetched == outcome.store
        }
        func shown(_ view: MainContextView) -> [Check.Value] {
            [.init("Ada's age", view.adaAge), .init("Bob registered", view.bobStillRegistered),
             .init("fetched", view.fetched.map(\.name).joined(separator: ", "))]
        }
        return [
            Check("the background save reached the store: Ada updated, Bob deleted, Carol inserted",
                  holds: storeAda != nil && !outcome.store.contains { $0.name == "Bob" } && outcome.store.contains { $0.name == "Carol" },
                  measured: [.init("store", outcome.store.map { "\($0.name) (\($0.age))" }.joined(separator: ", "))]),
            Check("Core Data: never merged, the view context still shows Ada's old age and keeps the deleted Bob",
                  holds: notMerged.adaAge != storeAda?.age && notMerged.bobStillRegistered, measured: shown(notMerged)),
            Check("a new fetch on the unmerged context finds Carol but hands back the stale registered Ada",
                  holds: notMerged.fetched.contains { $0.name == "Carol" }
                      && notMerged.fetched.first { $0.name == "Ada" }?.age == notMerged.adaAge,
                  measured: [.init("fetched", notMerged.fetched.map { "\($0.name) (\($0.age))" }.joined(separator: ", "))]),
            Check("the didSave notification carried one inserted, one updated and one deleted identifier",
                  holds: outcome.changesMergedByHand == ChangeCounts(inserted: 1, updated: 1, deleted: 1),
                  measured: [.init("inserted", outcome.changesMergedByHand.inserted), .init("updated", outcome.changesMergedByHand.updated),
                             .init("deleted", outcome.changesMergedByHand.deleted)]),
            Check("merged by hand from didSave, the view context shows the store", holds: showsTheStore(outcome.mergedByHand),
                  measured: shown(outcome.mergedByHand)),
            Check("with automaticallyMergesChangesFromParent, the view context shows the store",
                  holds: showsTheStore(outcome.mergedAutomatically), measured: shown(outcome.mergedAutomatically)),
            Check("SwiftData: with no merging code, the main context shows a model actor's save (SwiftData merges a container's saves by itself)",
                  holds: showsTheStore(outcome.swiftDataMainContext), measured: shown(outcome.swiftDataMainContext)),
            Check("a batch update posts no didSave, and the auto-merging view context does not see it",
                  holds: batch.didSavePosted == 0 && batch.adaAgeWithAutomaticMerging != batch.storeAge,
                  measured: [.init("didSave posted", batch.didSavePosted), .init("store", batch.storeAge),
                             .init("shown", batch.adaAgeWithAutomaticMerging)]),
            Check("merging the batch's identifiers by hand brings it in",
                  holds: batch.identifiersReturned == 1 && batch.adaAgeAfterMergingByHand == batch.storeAge,
                  measured: [.init("identifiers", batch.identifiersReturned), .init("shown after the merge", batch.adaAgeAfterMergingByHand)]),
        ]
    }
}
