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
