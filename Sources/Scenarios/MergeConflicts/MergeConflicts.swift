import PersistenceCore

/// Article 003's save conflict: a context changes a person's name and age, a batch update changes
/// the same row's age and sex behind its back, then the context saves, under every merge policy.
///
/// The wrong way is Core Data's default, ``PersistenceCore/MergePolicy/error``: the save throws and
/// writes nothing, so the user's edit is lost unless the app handles the error. The right way
/// picks the policy that keeps what was meant: ``PersistenceCore/MergePolicy/mergeByPropertyObjectTrump``
/// saves the context's name and age and keeps the batch's sex.
public struct MergeConflicts: Scenario {
    public static let info = ScenarioInfo(
        id: "merge-conflicts",
        title: "A save meets a newer row: the merge policy decides what survives",
        articles: [.coreDataTips],
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
            "Sources/Scenarios/MergeConflicts/MergeConflicts+Example.swift",
            "Sources/Scenarios/MergeConflicts/MergeConflicts+MainContext.swift",
            "Sources/Scenarios/MergeConflicts/MergeConflicts+Policy.swift",
            "Sources/PersistenceCore/Merging/MergePolicy.swift",
            "Sources/PersistenceCore/Context/ModelContext+Save.swift",
            "Tests/ScenariosTests/MergeConflictsTests.swift",
            "Tests/ScenariosTests/MergeConflictsXCTests.swift",
        ])

    public init() {}

    /// The example under each policy, `.error` (the wrong way) first; then on an auto-merging
    /// main context, without and with the by-hand merge of the batch.
    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        var results: [PolicyResult] = []
        for policy in Policy.allCases {
            results.append(try await runExample(under: policy, in: environment))
        }
        return Outcome(original: Self.original, contextEdit: Self.contextEdit, batchEdit: Self.batchEdit, results: results,
                       autoMergingMainContext: try await runOnMainContext(mergingByHand: false, in: environment),
                       batchMergedByHand: try await runOnMainContext(mergingByHand: true, in: environment))
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
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
        wrongWay.append("A main context with automaticallyMergesChangesFromParent still showed \(automatic.shownAfterBatch) after the batch"
            + (automatic.shownAfterBatch == outcome.original ? ": the batch bypassed it, as Core Data's do" : "")
            + "; the same edit's save " + (automatic.threwConflict ? "threw a merge conflict" : "did not throw")
            + ", the store holds \(automatic.store).")

        let byHand = outcome.batchMergedByHand
        var rightWay = [
            "Merged by hand right after the batch (ModelContext.mergeChanges(fromRemoteContextSave:into:) with its identifiers), "
                + "the main context showed \(byHand.shownAfterBatch); the same edit "
                + (byHand.saved ? "saved with no conflict under .error" : "still threw") + ": the store holds \(byHand.store).",
        ]
        if let objectTrump = outcome[.mergeByPropertyObjectTrump] {
            rightWay.append("With .mergeByPropertyObjectTrump the save succeeded and stored \(objectTrump.store): "
                + "name and age from the context, sex from the batch (article 003's result).")
        }
        rightWay.append("Every policy, as memory | store after the save:")
        for result in outcome.results {
            let mark = result.store == intended ? "  ← keeps the intended values" : ""
            rightWay.append("  \(result.policy) (\(result.policy.meaning)): "
                + "\(result.saved ? "saved" : "threw"); memory \(result.memory) | store \(result.store)\(mark)")
        }
        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements,
                              demonstrated: Self.demonstrated(outcome))
    }

    /// The pitfall (the default threw and wrote nothing, even on an auto-merging main context) and
    /// its fixes (object trump, or the batch merged by hand, stored the intended values).
    static func demonstrated(_ outcome: Outcome) -> Bool {
        guard let error = outcome[.error], let objectTrump = outcome[.mergeByPropertyObjectTrump] else { return false }
        let pitfall = !error.saved && error.conflict != nil && error.store == outcome.batchEdit
        let fix = objectTrump.saved && objectTrump.store == outcome.intended && objectTrump.memory == objectTrump.store
        let automatic = outcome.autoMergingMainContext, byHand = outcome.batchMergedByHand
        let bypassed = automatic.shownAfterBatch == outcome.original && automatic.threwConflict && automatic.store == outcome.batchEdit
        let mergedFix = byHand.shownAfterBatch == outcome.batchEdit && byHand.saved && byHand.store == outcome.intended
        return pitfall && fix && bypassed && mergedFix
    }
}
