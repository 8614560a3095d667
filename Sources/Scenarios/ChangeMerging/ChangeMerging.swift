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
            "Sources/Scenarios/ChangeMerging/ChangeMerging+Example.swift",
            "Sources/Scenarios/ChangeMerging/ChangeMerging+Batch.swift",
            "Sources/PersistenceCore/Merging/ModelContext+Merging.swift",
            "Sources/PersistenceCore/Merging/ModelContext+DidSave.swift",
            "Sources/PersistenceCore/Merging/ChangeBroadcaster.swift",
            "Tests/ScenariosTests/ChangeMergingTests.swift",
            "Tests/ScenariosTests/ChangeMergingXCTests.swift",
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

    public func report(_ outcome: Outcome) -> ScenarioReport {
        let storeAda = outcome.store.first { $0.name == "Ada" }
        let wrongWay = [
            "A background context set Ada's age to \(storeAda.map { String($0.age) } ?? "?"), deleted Bob and inserted Carol, "
                + "and saved: the store holds \(Self.names(outcome.store)).",
            "Never merged, the main context's Ada still says \(outcome.notMerged.adaAge)"
                + (outcome.notMerged.bobStillRegistered ? ", and Bob, deleted in the store, is still registered there." : "."),
            "A new fetch on it returns \(Self.list(outcome.notMerged.fetched)): the rows come from the store, "
                + "but registered objects keep the values they were read with.",
        ]
        let counts = outcome.changesMergedByHand
        let rightWay = [
            "By hand: the didSave observer received \(counts.inserted) inserted, \(counts.updated) updated and "
                + "\(counts.deleted) deleted identifiers and merged them on the main queue; Ada says \(outcome.mergedByHand.adaAge), "
                + "Bob is \(outcome.mergedByHand.bobStillRegistered ? "still registered" : "gone"), a fetch returns \(Self.list(outcome.mergedByHand.fetched)).",
            "Automatically (automaticallyMergesChangesFromParent): Ada says \(outcome.mergedAutomatically.adaAge), "
                + "Bob is \(outcome.mergedAutomatically.bobStillRegistered ? "still registered" : "gone"), "
                + "a fetch returns \(Self.list(outcome.mergedAutomatically.fetched)).",
            "Both waits were deterministic: a block enqueued on the main queue after the save runs after the merge the save enqueued.",
            "A batch update set Ada's age to \(outcome.batch.storeAge) in the store and posted \(outcome.batch.didSavePosted) didSave "
                + "notification(s); the auto-merging main context still said \(outcome.batch.adaAgeWithAutomaticMerging) "
                + "(batch requests bypass every context, as Core Data's do). Merging the batch's "
                + "\(outcome.batch.identifiersReturned) identifier(s) by hand with ModelContext.mergeChanges(fromRemoteContextSave:into:) "
                + "made it \(outcome.batch.adaAgeAfterMergingByHand).",
        ]
        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay, measurements: [
            Measurement("Ada's age in the unmerged main context", Double(outcome.notMerged.adaAge), unit: "years"),
            Measurement("Ada's age after merging", Double(outcome.mergedAutomatically.adaAge), unit: "years"),
        ], demonstrated: Self.demonstrated(outcome))
    }

    /// The pitfall (stale values and a ghost without merging) and its fix (both merges show the store).
    static func demonstrated(_ outcome: Outcome) -> Bool {
        guard let storeAda = outcome.store.first(where: { $0.name == "Ada" }) else { return false }
        let stale = outcome.notMerged.adaAge != storeAda.age && outcome.notMerged.bobStillRegistered
        let current = { (view: MainContextView) in
            view.adaAge == storeAda.age && !view.bobStillRegistered && view.fetched == outcome.store
        }
        let batch = outcome.batch
        let batchBypassed = batch.didSavePosted == 0 && batch.adaAgeWithAutomaticMerging != batch.storeAge
            && batch.adaAgeAfterMergingByHand == batch.storeAge && batch.identifiersReturned == 1
        return stale && current(outcome.mergedByHand) && current(outcome.mergedAutomatically) && batchBypassed
    }

    private static func names(_ people: [PersonValues]) -> String {
        people.map(\.name).joined(separator: ", ")
    }

    private static func list(_ people: [PersonValues]) -> String {
        people.map { "\($0.name) (\($0.age))" }.joined(separator: ", ")
    }
}
