import Foundation
import LabSupport
import PersistenceCore
import SampleModels

/// Article 004 moves the import to a background model actor, and the main queue stays free,
/// until a list on SwiftData's main context takes in the import's save.
///
/// SwiftData's main context merges every save of the container's other contexts by itself, on
/// the main queue, and a list on it (``ItemListOnScreen``, a ``PersistenceCore/ResultsObserver``
/// in the role of `@Query`) then updates there too. Three lanes, the same import each (a
/// ``FeedImporter`` on a private queue inserts the items and saves once), while a
/// ``MainQueueHeartbeat`` watches the main queue:
///
/// 1. **A list of every item** on SwiftData's main context (the wrong way): the main queue
///    fetches every row again and makes a model for each.
/// 2. **A list of a screenful** (`fetchLimit`) on the same kind of context (the right way): the
///    main queue fetches the first rows only.
/// 3. **Core Data's view context**, which merges nothing until told: the main queue does nothing
///    during the import, and the list shows none of it until the app merges the save; then it
///    pays what the first lane paid, at a moment the app chose.
///
///     main queue                               FeedImporter's queue
///     the list: fetch (empty store)
///                                              insert N items, save once
///     [merge the save] (SwiftData: by itself)
///     [the list: fetch again, N rows or 100]
///     read what the list shows               ← a block queued behind the merge
public struct ListOfEverything: Lesson {
    public static let info = LessonInfo(
        id: "list-of-everything",
        title: "A list of every item takes in a big background save on SwiftData's main queue; a screenful does not",
        articles: [.backgroundModelActor],
        frameworks: .init(
            wrongWay: "SwiftData (iOS 17 and later): the main context merges every other context's save by itself, on the main queue, and a list on it (@Query, ResultsObserver) takes the merge in there; Apple documents neither the cost nor the timing of that merge.",
            rightWay: "SwiftData: a list of a screenful, FetchDescriptor.fetchLimit (iOS 17 and later). Core Data: NSFetchRequest.fetchLimit, and a view context that merges only when told (automaticallyMergesChangesFromParent is false by default), so the app chooses when its list pays."),
        why: """
            Article 004 moves the import to a background model actor, and the main queue stays \
            free while the actor inserts and saves. But SwiftData's main context merges that save \
            by itself, with no code, and a list on it (@Query, ResultsObserver) updates after the \
            merge, on the main queue. Apple documents neither the cost nor the timing of that \
            merge; practitioners report that a save re-runs every query (Apple Developer Forums, \
            thread 774561). Here a list of every item fetches every row again on the main queue \
            and makes a model for each: a large import freezes the UI after all, once it is \
            saved. A screen shows a screenful: a list with a fetchLimit fetches and makes those \
            rows only, whatever the size of the save, and leaves the main queue little more than \
            the merge itself. Core Data's view context merges nothing until told \
            (automaticallyMergesChangesFromParent), so its list does not pay during the import, \
            and does not show it either: it pays the same when the app merges.
            """,
        rule: "Keep a list on the main context to what a screen shows (FetchDescriptor.fetchLimit, NSFetchRequest.fetchLimit): SwiftData's main context merges every background save by itself on the main queue, and a list of every item then fetches every row there.",
        whereToLook: [
            "Sources/Lessons/ListOfEverything/ListOfEverything.swift",
            "Sources/Lessons/ListOfEverything/FeedImporter.swift",
            "Sources/Lessons/Support/ItemListOnScreen.swift",
            "Sources/Lessons/Support/MainQueueHeartbeat.swift",
            "Sources/PersistenceCore/Observing/ResultsObserver.swift",
            "Sources/PersistenceCore/FastPaths/ResultsObserver+Incremental.swift",
            "Sources/PersistenceCore/Merging/ModelContext+Merging.swift",
            "Sources/PersistenceCore/PersistenceCore.docc/DifferencesFromCoreDataAndSwiftData.md",
            "Sources/Lessons/ListOfEverything/ListOfEverything+Outcome.swift",
            "Sources/Lessons/ListOfEverything/ListOfEverything+Report.swift",
            "Tests/LessonsTests/ListOfEverythingTests.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    /// What a screen shows: the right way's `fetchLimit`.
    public static let screenful = 100

    /// Where a lane's list lives, and how much it asks for.
    public enum ListSetup: String, Sendable, Codable, CaseIterable {
        /// Every item, on SwiftData's main context: the wrong way.
        case everyItemOnMainContext
        /// The first screenful, on SwiftData's main context: the right way.
        case screenfulOnMainContext
        /// Every item, on Core Data's view context, which merges nothing until told.
        case everyItemOnViewContext

        /// The list's `fetchLimit`: nil for every item.
        var limit: Int? {
            self == .screenfulOnMainContext ? ListOfEverything.screenful : nil
        }

        /// What a trace calls the list's context (`lab trace`).
        public var listLane: String {
            switch self {
            case .everyItemOnMainContext: "list of every item (main context)"
            case .screenfulOnMainContext: "list of the first \(ListOfEverything.screenful) (main context)"
            case .everyItemOnViewContext: "list of every item (view context, no merging)"
            }
        }
    }

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let count = environment.size(test: 2_000, course: 100_000)
        let everyItem = try await runLane(.everyItemOnMainContext, importing: count, in: environment)
        let firstScreenful = try await runLane(.screenfulOnMainContext, importing: count, in: environment)
        let viewContext = try await runLane(.everyItemOnViewContext, importing: count, in: environment)
        return Outcome(itemCount: count, screenful: Self.screenful, everyItem: everyItem.lane,
                       firstScreenful: firstScreenful.lane, viewContext: viewContext.lane,
                       viewContextMergedByHand: await mergeByHand(viewContext))
    }

    /// One lane as it ran: what it showed, and what the last step needs of it.
    private struct RanLane {
        let lane: Lane
        /// Kept for the last step: the container owns its main and view contexts.
        let container: ModelContainer
        let list: ItemListOnScreen
        let context: ModelContext
        let imported: [PersistentIdentifier]
        /// What the save's did-save notification carried, kept for a merge by hand.
        let saved: [ModelContext.Changes]
    }

    // tutorial:begin lane
    /// A list on screen, then a background import of `count` items while a heartbeat watches the
    /// main queue, until the main queue has run whatever the save queued there.
    private func runLane(_ setup: ListSetup, importing count: Int, in environment: LessonEnvironment) async throws -> RanLane {
        let container = try environment.makeContainer(for: [Item.self], name: "list-of-everything-\(setup.rawValue)")
        let (list, context) = try await MainActor.run { () throws -> (ItemListOnScreen, ModelContext) in
            // SwiftData's main context merges other contexts' saves by itself; Core Data's view
            // context does not (automaticallyMergesChangesFromParent is false by default).
            let context = setup == .everyItemOnViewContext ? container.viewContext : container.mainContext
            context.name = setup.listLane
            return (try ItemListOnScreen(on: context, limit: setup.limit), context)
        }
        let before = await Self.state(of: list, in: context, imported: [], limit: setup.limit)

        let importer = FeedImporter(modelContainer: container)
        await importer.name("FeedImporter (model actor), \(setup.listLane)")
        let importQueue = await importer.queueLabel()
        let keeper = DidSaveKeeper(container: container)
        let (imported, recording) = try await MainQueueHeartbeat().measure { () async throws -> [PersistentIdentifier] in
            let imported = try await importer.importItems(count, from: Self.origin)
            // The save queued its merge on the main queue before it returned: this block runs
            // after the merge and the list's update.
            await DispatchQueue.main.asyncAndAwait {}
            return imported
        }
        let saved = keeper.stop()
        let after = await Self.state(of: list, in: context, imported: imported, limit: setup.limit)
        let lane = Lane(setup: setup, importQueueLabel: importQueue, before: before, after: after,
                        mainQueue: Self.wait(recording))
        return RanLane(lane: lane, container: container, list: list, context: context, imported: imported, saved: saved)
    }
    // tutorial:end lane

    // tutorial:begin merge-by-hand
    /// Core Data's way to see the import: the app merges the save it kept into the view context
    /// by hand, when it chooses (`mergeChanges(fromContextDidSave:)`, on the context's queue), and
    /// the list of every item takes it in then.
    private func mergeByHand(_ ran: RanLane) async -> MergeByHand {
        let context = ran.context, saved = ran.saved
        let ((), recording) = await MainQueueHeartbeat().measure {
            await context.perform(schedule: .enqueued) {
                for changes in saved { context.mergeChanges(fromContextDidSave: changes) }
            }
        }
        let after = await Self.state(of: ran.list, in: context, imported: ran.imported, limit: ran.lane.setup.limit)
        return MergeByHand(after: after, mainQueue: Self.wait(recording))
    }
    // tutorial:end merge-by-hand

    /// What `list` shows and what `context` holds of the `imported` items, read on the main queue.
    private static func state(of list: ItemListOnScreen, in context: ModelContext, imported: [PersistentIdentifier],
                              limit: Int?) async -> ListState {
        await MainActor.run {
            let shown = list.identifiers
            let expected = Array(imported.prefix(limit ?? imported.count))
            return ListState(queueLabel: context.queueLabel, rows: shown.count,
                             showsFirstImportedItems: !expected.isEmpty && shown == expected,
                             importedModelsInContext: imported.count { (context.registeredModel(for: $0) as Item?) != nil })
        }
    }

    /// The heartbeat's recording, in milliseconds.
    private static func wait(_ recording: MainQueueHeartbeat.Recording) -> MainQueueWait {
        MainQueueWait(longestMilliseconds: recording.maxDelay.milliseconds,
                      blockedMilliseconds: recording.blockedTime.milliseconds,
                      durationMilliseconds: recording.duration.milliseconds)
    }

    /// The first imported item's timestamp.
    static let origin = Date(timeIntervalSince1970: 1_700_000_000)
}
