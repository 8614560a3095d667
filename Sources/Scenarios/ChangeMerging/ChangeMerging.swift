import PersistenceCore

/// Article 003's merging: a background context saves, and the main context, which still holds
/// the old objects, shows nothing of it until the changes are merged into it.
///
/// The wrong way never merges: the main context's Ada stays 36 and Bob, deleted in the store,
/// lives on in memory. The right way merges the saved changes, by hand from the
/// ``PersistenceCore/ModelContext/didSave`` notification (or `container.changes`), or
/// automatically with ``PersistenceCore/ModelContext/automaticallyMergesChangesFromParent``.
public struct ChangeMerging: Scenario {
    public static let info = ScenarioInfo(
        id: "change-merging",
        title: "A background save reaches the main context only when it is merged",
        articles: [.coreDataTips],
        why: """
            Each context is a scratchpad with its own copies of the objects it registered. A save \
            in a background context writes the store, but the main context's copies keep the values \
            they were read with, and an object deleted in the background lives on in the main \
            context; even a new fetch hands back those stale registered copies. The UI showing them \
            is out of date until the main context merges the saved changes: from the did-save \
            notification by hand (Core Data before iOS 10), or automatically with \
            automaticallyMergesChangesFromParent, which enqueues each merge on the context's queue \
            in save order. Batch requests are the exception: they post no did-save, so no context \
            merges them by itself; merge their result by hand with \
            mergeChanges(fromRemoteContextSave:into:).
            """,
        rule: "A context that shows data must merge the saves of other contexts: set automaticallyMergesChangesFromParent, or merge each did-save notification on its queue; merge batch requests' results by hand.",
        whereToLook: [
            "Sources/Scenarios/ChangeMerging/ChangeMerging.swift",
            "Sources/Scenarios/ChangeMerging/ChangeMerging+Example.swift",
            "Sources/Scenarios/ChangeMerging/ChangeMerging+Batch.swift",
            "Sources/PersistenceCore/Merging/ModelContext+Merging.swift",
            "Sources/PersistenceCore/Merging/ModelContext+DidSave.swift",
            "Sources/PersistenceCore/Merging/ChangeBroadcaster.swift",
            "Sources/Scenarios/ChangeMerging/ChangeMerging+Outcome.swift",
            "Sources/Scenarios/ChangeMerging/ChangeMerging+Report.swift",
            "Tests/ScenariosTests/LessonChecksTests.swift",
        ])

    public init() {}

    /// Never merged (the wrong way), then merged by hand, then automatically.
    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        let never = try await runExample(.never, in: environment)
        let byHand = try await runExample(.byHand, in: environment)
        let automatic = try await runExample(.automatically, in: environment)
        guard let received = byHand.received else {
            throw ScenarioError.unexpected("the didSave observer received nothing")
        }
        return Outcome(store: never.store, notMerged: never.view, mergedByHand: byHand.view,
                       changesMergedByHand: received, mergedAutomatically: automatic.view,
                       batch: try await runBatchExample(in: environment))
    }
}
