import PersistenceCore

/// Article 003's merging, in Core Data: a background context saves, and the view context, which
/// still holds the old objects, shows nothing of it until the changes are merged into it. And the
/// same save in SwiftData, whose main context merges it by itself.
///
/// The wrong way (Core Data) never merges: the view context's Ada stays 36 and Bob, deleted in
/// the store, lives on in memory. The right way merges the saved changes, by hand from the
/// ``PersistenceCore/ModelContext/didSave`` notification (or `container.changes`), or
/// automatically with ``PersistenceCore/ModelContext/automaticallyMergesChangesFromParent``.
/// SwiftData's main context needs neither (`ChangeMerging+SwiftData.swift`).
public struct ChangeMerging: Lesson {
    public static let info = LessonInfo(
        id: "change-merging",
        title: "A background save reaches Core Data's view context only when it is merged; SwiftData's main context merges it by itself",
        articles: [.coreDataTips],
        frameworks: .init(
            wrongWay: "Core Data (every version): the view context merges nothing until automaticallyMergesChangesFromParent is set (iOS 10 and later; false by default), or the did-save is merged by hand.",
            rightWay: "Core Data: merge the did-save by hand, or set automaticallyMergesChangesFromParent. SwiftData (iOS 17 and later): nothing to do, its main context merges a model actor's save by itself (this lesson's SwiftData run). Batch requests are Core Data's, merged by hand."),
        why: """
            Each context is a scratchpad with its own copies of the objects it registered. A save \
            in a background context writes the store, but in Core Data the view context's copies \
            keep the values they were read with, and an object deleted in the background lives on \
            there; even a new fetch hands back those stale registered copies. The UI showing them is \
            out of date until the view context merges the saved changes: from the did-save \
            notification by hand (Core Data before iOS 10), or automatically with \
            automaticallyMergesChangesFromParent (iOS 10 and later, false by default), which \
            enqueues each merge on the context's queue in save order. SwiftData (iOS 17 and later) \
            does this by itself: its main context shows a model actor's save with no merging code. \
            Batch requests are Core Data's exception: they post no did-save, so no context merges \
            them by itself; merge their result by hand with mergeChanges(fromRemoteContextSave:into:).
            """,
        rule: "In Core Data, a context that shows data must merge the saves of other contexts: set automaticallyMergesChangesFromParent, or merge each did-save notification on its queue; merge batch requests' results by hand. In SwiftData, the main context merges them by itself.",
        whereToLook: [
            "Sources/Lessons/ChangeMerging/ChangeMerging.swift",
            "Sources/Lessons/ChangeMerging/ChangeMerging+Example.swift",
            "Sources/Lessons/ChangeMerging/ChangeMerging+Batch.swift",
            "Sources/Lessons/ChangeMerging/ChangeMerging+SwiftData.swift",
            "Sources/PersistenceCore/Merging/ModelContext+Merging.swift",
            "Sources/PersistenceCore/Merging/ModelContext+DidSave.swift",
            "Sources/PersistenceCore/Merging/ChangeBroadcaster.swift",
            "Sources/Lessons/ChangeMerging/ChangeMerging+Outcome.swift",
            "Sources/Lessons/ChangeMerging/ChangeMerging+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    public init() {}

    /// Core Data's view context never merged (the wrong way), then merged by hand, then
    /// automatically; then SwiftData's main context, with no merging code.
    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let never = try await runExample(.never, in: environment)
        let byHand = try await runExample(.byHand, in: environment)
        let automatic = try await runExample(.automatically, in: environment)
        let swiftData = try await runSwiftDataExample(in: environment)
        guard let received = byHand.received else {
            throw LessonError.unexpected("the didSave observer received nothing")
        }
        return Outcome(store: never.store, notMerged: never.view, mergedByHand: byHand.view,
                       changesMergedByHand: received, mergedAutomatically: automatic.view, swiftDataMainContext: swiftData,
                       batch: try await runBatchExample(in: environment))
    }
}
