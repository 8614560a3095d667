extension MergeConflicts {
    /// Article 003's example run under every policy: a table of what memory and the store hold.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The person as first saved: `Ada, 36, f`.
        public var original: PersonValues
        /// What the context changed in memory (name and age) before saving: `Ada L., 40, f`.
        public var contextEdit: PersonValues
        /// What the batch update left in the store (age and sex) behind the context's back: `Ada, 30, x`.
        public var batchEdit: PersonValues
        /// One row per policy, in ``Policy/allCases`` order.
        public var results: [PolicyResult]
        /// The example on a main context that merges automatically: the batch still bypasses it.
        public var autoMergingMainContext: MainContextLane
        /// The same, with the batch's result merged by hand right after it.
        public var batchMergedByHand: MainContextLane

        /// The row of one policy.
        public subscript(policy: Policy) -> PolicyResult? {
            results.first { $0.policy == policy }
        }

        /// What article 003 wants kept: name and age from the context, sex from the batch.
        public var intended: PersonValues {
            PersonValues(name: contextEdit.name, age: contextEdit.age, sex: batchEdit.sex)
        }
    }

    /// What one policy did with the conflicting save.
    public struct PolicyResult: Sendable, Codable, Hashable {
        /// The policy the saving context had.
        public var policy: Policy
        /// Whether `save()` returned (false: it threw).
        public var saved: Bool
        /// The person in the saving context afterwards.
        public var memory: PersonValues
        /// The person in the store afterwards, read by a fresh context.
        public var store: PersonValues
        /// The conflict the save threw, under `.error`; nil when the policy resolved it.
        public var conflict: ConflictVersions?
    }

    /// The example on an auto-merging main context, under the default `.error` policy.
    public struct MainContextLane: Sendable, Codable, Hashable {
        /// Whether the batch's result was merged by hand with `mergeChanges(fromRemoteContextSave:into:)`.
        public var mergedByHand: Bool
        /// What the main context's Ada showed after the batch, before the edit.
        public var shownAfterBatch: PersonValues
        /// Whether `save()` returned.
        public var saved: Bool
        /// Whether `save()` threw a merge conflict.
        public var threwConflict: Bool
        /// The person in the store afterwards, read by a fresh context.
        public var store: PersonValues
    }

    /// A thrown ``PersistenceCore/MergeConflict``, in plain values: Core Data's `NSMergeConflict`.
    public struct ConflictVersions: Sendable, Codable, Hashable {
        /// The `Z_OPT` version the context read the row at.
        public var oldVersionNumber: Int64
        /// The `Z_OPT` version the store holds now (the batch update bumped it).
        public var newVersionNumber: Int64
        /// The values in memory, about to be saved.
        public var object: PersonValues?
        /// The values the context last read from the store.
        public var cached: PersonValues?
        /// The values in the store now.
        public var persisted: PersonValues?
    }
}
