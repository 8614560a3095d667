import PersistenceCore

/// Article 003's save conflict: a context changes a person's name and age, a batch update changes
/// the same row's age and sex behind its back, then the context saves, under every merge policy.
///
/// The wrong way is Core Data's default, ``PersistenceCore/MergePolicy/error``: the save throws and
/// writes nothing, so the user's edit is lost unless the app handles the error. The right way
/// picks the policy that keeps what was meant: ``PersistenceCore/MergePolicy/mergeByPropertyObjectTrump``
/// saves the context's name and age and keeps the batch's sex.
public struct MergeConflicts: Lesson {
    public static let info = LessonInfo(
        id: "merge-conflicts",
        title: "A save meets a newer row: the merge policy decides what survives",
        articles: [.coreDataTips],
        frameworks: .init(
            wrongWay: "Core Data (every version): a save against a row a batch update changed meets the default .error merge policy and throws. SwiftData has neither a merge policy nor a batch update API: this lesson is Core Data's.",
            rightWay: "Core Data: a merge policy that says which side wins (.mergeByPropertyObjectTrump keeps the edit and the batch's other changes), or the batch's result merged by hand first."),
        why: """
            Every saved row carries a version (Z_OPT, Core Data's optimistic lock). A batch update \
            bypasses contexts and bumps it, so a context that read the row earlier saves against a \
            version that is gone: a merge conflict. Automatic merging does not help: a batch posts \
            no did-save and no context merges it by itself; merging its result by hand \
            (mergeChanges(fromRemoteContextSave:into:)) right after it avoids the conflict. With the default .error policy the save throws \
            and writes nothing, so the user's edit silently never reaches the store unless the app \
            handles the error. The other policies resolve the conflict property by property \
            (store trump, object trump) or whole (overwrite, rollback), or by your own rule; \
            .mergeByPropertyObjectTrump keeps the context's edits and the batch's other changes.
            """,
        rule: "Give every context that saves a merge policy that says which side wins, instead of the default that throws and saves nothing.",
        whereToLook: [
            "Sources/Lessons/MergeConflicts/MergeConflicts.swift",
            "Sources/Lessons/MergeConflicts/MergeConflicts+Example.swift",
            "Sources/Lessons/MergeConflicts/MergeConflicts+MainContext.swift",
            "Sources/Lessons/MergeConflicts/MergeConflicts+Policy.swift",
            "Sources/PersistenceCore/Merging/MergePolicy.swift",
            "Sources/Lessons/Support/IncrementRace.swift",
            "Sources/PersistenceCore/Context/ModelContext+Save.swift",
            "Sources/Lessons/MergeConflicts/MergeConflicts+Outcome.swift",
            "Sources/Lessons/MergeConflicts/MergeConflicts+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    public init() {}

    /// The example under each policy, `.error` (the wrong way) first; then on an auto-merging
    /// main context, without and with the by-hand merge of the batch.
    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        var results: [PolicyResult] = []
        for policy in Self.policies {
            results.append(try await runExample(under: policy, in: environment))
        }
        let explored = try await LessonExplorations.explore(Self.info.id)
        return Outcome(original: Self.original, contextEdit: Self.contextEdit, batchEdit: Self.batchEdit, results: results,
                       autoMergingMainContext: try await runOnMainContext(mergingByHand: false, in: environment),
                       batchMergedByHand: try await runOnMainContext(mergingByHand: true, in: environment),
                       explored: explored)
    }
}
