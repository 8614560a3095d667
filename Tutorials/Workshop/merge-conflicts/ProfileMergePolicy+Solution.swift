import PersistenceCore

extension Solution {
    /// Solved: property by property, the context's changes win where both changed.
    enum ProfileMergePolicy: MergePolicyChoosing {
        static let policy: MergePolicy = .mergeByPropertyObjectTrump
    }
}
