import PersistenceCore

extension Solution {
    /// Exercise 9 solved: property by property, the context's changes win where both changed.
    enum ProfileMergePolicy: MergePolicyChoosing {
        static let policy: MergePolicy = .mergeByPropertyObjectTrump
    }
}
