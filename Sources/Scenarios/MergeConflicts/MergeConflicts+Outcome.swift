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
