// Workshop exercise: Pick the merge policy that keeps these values
// Lesson merge-conflicts (`swift run lab run merge-conflicts`), article 003.
//
// Article 003's example. A context fetches a person (name "Ann", age 20, sex "m"). Then a batch
// update, which bypasses every context, sets age 30 and sex "f" in the store. Then the context
// sets name "Anna" and age 40, and saves. The app wants what each side meant: the context's name
// and age, and the batch's sex: "Anna", 40, "f". Pick the merge policy that gives exactly that.
//
// Check your work:  swift run lab workshop merge-conflicts
//
// Hint 1: With `.error` the save throws a merge conflict and writes nothing.
// Hint 2: The "by property" policies compare attribute by attribute and only decide the
//         attributes both sides changed; `.overwrite` and `.rollback` take one side whole.
// Hint 3: Both sides changed age, and the context's 40 must win: the object (in memory) trumps.

import PersistenceCore

/// The merge policy of the context that edits people.
enum ProfileMergePolicy: MergePolicyChoosing {
    static let policy: MergePolicy = .error
}
