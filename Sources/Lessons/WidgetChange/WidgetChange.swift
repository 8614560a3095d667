import Foundation
import LabSupport
import PersistenceCore
import SampleModels

/// "My widget saved, and the app's list never changed": another process writes the store.
///
/// The app shows a list on its view context, which merges every save automatically. A real
/// second process, the widget (`lesson-helper widget-change`, ``WidgetWriter``), adds an item, renames one
/// and deletes one, in the same store file. Two lanes, the same three changes each:
///
/// 1. **Automatic merging only**: the list never changes. `automaticallyMergesChangesFromParent`
///    follows the saves of this container's own contexts; another process's commit is not one.
///    Fetched again, the list finds the new row and loses the deleted one, but keeps the renamed
///    item's old title: the view context's registered object keeps the values it holds.
/// 2. **History**: a `HistoryObserver` counts the widget's transactions; the app fetches the
///    history after the token it kept, skips its own author's transactions, merges the rest and
///    keeps the new token. The list shows exactly the widget's changes. Measured: the delay from
///    the start of the widget's save, in its own process, to the list's update in the app's.
///
/// Then history's cost: never pruned, it grows by a transaction per save (rows counted); pruned
/// past another reader's token, that reader's next fetch throws `historyTokenExpired`, and it
/// recovers by fetching everything again.
public struct WidgetChange: Lesson {
    public static let info = LessonInfo(
        id: "widget-change",
        title: "The widget's change the app never sees: in Core Data, other processes reach a context only through history",
        articles: [.coreDataTips, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Core Data (persistent history: iOS 11 and later): another process's commit reaches no context, not even one that merges automatically, until the app merges the history. SwiftData's main context merges other processes' commits by itself (this lesson's SwiftData run).",
            rightWay: "Core Data: on each remote-change notification, fetch the history after the kept token, skip your own transactions, merge the rest. SwiftData (history API: iOS 18 and later): the same by hand, for a context other than the main context or to act on the changes."),
        why: """
            A widget, a share extension or an App Intent writes the app's store from another \
            process, and the app's list stays as it was. Article 003's \
            automaticallyMergesChangesFromParent merges the saves of the contexts beside it, those \
            of its own container; a commit from another process reaches no context by itself. \
            Persistent history records every commit in the store (who wrote it, what it inserted, \
            updated and deleted), the remote-change notification says that something was \
            committed, and the app merges what it has not seen yet: fetch the history after the \
            token it kept, skip its own transactions, merge the rest, keep the new token. Article \
            004's background model actor writes through the same store, and its saves are history \
            too. History kept forever grows; pruned too far, a reader that lagged behind must \
            start again from the store.
            """,
        rule: "A Core Data context hears only its own container's saves (SwiftData's main context merges other processes' commits by itself): follow other processes' writes through persistent history (a HistoryObserver or the remote-change notification, then fetchHistory after your token, skip your own author, merge, keep the new token), and prune only what every reader has processed.",
        whereToLook: [
            "Sources/Lessons/WidgetChange/WidgetChange.swift",
            "Sources/Lessons/WidgetChange/HistoryFollowingList.swift",
            "Sources/Lessons/WidgetChange/WidgetWriter.swift",
            "Sources/lesson-helper/LessonHelper.swift",
            "Sources/PersistenceCore/History/ModelContext+History.swift",
            "Sources/PersistenceCore/History/HistoryObserver.swift",
            "Sources/PersistenceCore/History/ModelContainer+RemoteChange.swift",
            "Sources/PersistenceCore/Store/CommitAnnouncement.swift",
            "Sources/Lessons/WidgetChange/WidgetChange+SwiftData.swift",
            "Sources/Lessons/WidgetChange/WidgetChange+Outcome.swift",
            "Sources/Lessons/WidgetChange/WidgetChange+Report.swift",
            "Tests/PersistenceCoreTests/History/HistoryTests.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    /// The widget's three changes, in order.
    static let changes: [(name: String, command: String)] = [
        ("the widget adds \"cheese\"", "add cheese"),
        ("the widget renames \"milk\" to \"oat milk\"", "rename milk\toat milk"),
        ("the widget deletes \"bread\"", "delete bread"),
    ]

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let scratch = try ScratchFolder(environment, lesson: "widget-change")
        defer { withExtendedLifetime(scratch) {} }  // its folder goes when it does
        let folder = scratch.url
        let automatic = try await automaticMergingLane(store: folder.appendingPathComponent("widget-automatic.sqlite"))
        let history = try await historyLane(store: folder.appendingPathComponent("widget-history.sqlite"),
                                            tokenFile: folder.appendingPathComponent("widget-history.token.json"),
                                            burst: environment.size(test: 20, course: 200))
        let swiftData = try await swiftDataLane(store: folder.appendingPathComponent("widget-swiftdata.sqlite"))
        return Outcome(automaticMerging: automatic, history: history.lane, pruning: history.pruning, swiftData: swiftData)
    }

    // MARK: The wrong way: automatic merging only

    private func automaticMergingLane(store: URL) async throws -> Lane {
        let container = try Self.seededContainer(at: store)
        guard container.postsRemoteChanges else {
            throw LessonError.unexpected("this system does not post ModelContainer.remoteChange (it needs inotify on Linux, notify(3) on Apple platforms), and both lanes wait for it")
        }
        let mainContext = container.viewContext
        mainContext.name = Self.automaticMergingListLane
        let list = try await MainActor.run {
            mainContext.automaticallyMergesChangesFromParent = true
            return try MainContextList(mainContext)
        }
        var notifications = remoteChanges(of: container).makeAsyncIterator()
        let widget = try await WidgetProcess(store: store)
        var steps: [Step] = []
        for change in Self.changes {
            let commit = try await widget.run(change.command)
            // The app's container was told: wait for the notification of this commit, then let
            // the main queue run whatever it queued. Nothing was merged.
            var notified = false
            while let notification = await notifications.next() {
                if notification.historyToken >= commit.token { notified = true; break }
            }
            steps.append(Step(name: change.name, appWasNotified: notified, listChanged: nil, delayMilliseconds: nil,
                              rows: await MainActor.run { list.rows }))
        }
        try await widget.finish()
        // The screen fetches again, as when its view appears again.
        let fetched = try await MainActor.run {
            try mainContext.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).map { $0.title ?? "" }
        }
        return Lane(steps: steps, seeded: Self.seed, fetchedAgain: fetched, store: try Self.storeRows(store))
    }

    // MARK: The right way: history

    private func historyLane(store: URL, tokenFile: URL, burst: Int) async throws -> (lane: Lane, pruning: Pruning) {
        try? FileManager.default.removeItem(at: tokenFile)
        let container = try Self.seededContainer(at: store)
        container.viewContext.name = Self.historyListLane
        let list = try await MainActor.run { try HistoryFollowingList(container: container, tokenFile: tokenFile) }
        let widget = try await WidgetProcess(store: store)
        // The token another reader (say, a share extension) kept before the widget wrote anything.
        let otherReaderToken = try Self.newestToken(container)
        var steps: [Step] = []
        for change in Self.changes {
            let before = await MainActor.run { list.rows }
            let commit = try await widget.run(change.command)
            await list.waitForMerge(through: commit.token)
            let (rows, merged) = await MainActor.run { (list.rows, list.merges.last { $0.token >= commit.token }) }
            steps.append(Step(name: change.name, appWasNotified: merged != nil, listChanged: rows != before,
                              delayMilliseconds: merged.map { $0.at.timeIntervalSince(commit.began) * 1_000 }, rows: rows))
        }
        // History grows by a transaction per save, until someone prunes it.
        let afterChanges = try Self.historyRows(store)
        let burstCommit = try await widget.run("burst \(burst)")
        await list.waitForMerge(through: burstCommit.token)
        try await widget.finish()
        let afterBurst = try Self.historyRows(store)
        let lane = Lane(steps: steps, seeded: Self.seed, fetchedAgain: nil, store: try Self.storeRows(store).filter { !$0.hasPrefix("burst") })
        let pruning = try await prune(container, list: list, otherReaderToken: otherReaderToken, store: store,
                                      growth: [afterChanges, afterBurst], burst: burst)
        return (lane, pruning)
    }

    /// The app prunes what it has processed; the reader that lagged behind finds its token expired,
    /// and recovers by fetching every item again.
    private func prune(_ container: ModelContainer, list: HistoryFollowingList, otherReaderToken: DefaultHistoryToken,
                       store: URL, growth: [HistoryRows], burst: Int) async throws -> Pruning {
        let appToken = try require(await MainActor.run { list.lastToken })
        let context = container.newBackgroundContext()
        context.name = "app, pruning history"
        try context.performAndWait { try context.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.token <= appToken })) }
        let afterPruning = try Self.historyRows(store)
        var expired = false
        var recovered: Int?
        do {
            _ = try context.performAndWait {
                try context.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.token > otherReaderToken }))
            }
        } catch ModelError.historyTokenExpired {
            expired = true
            recovered = try context.performAndWait { try context.fetchCount(FetchDescriptor<Item>()) }
        }
        return Pruning(burst: burst, growth: growth, afterPruning: afterPruning, otherReaderTokenExpired: expired,
                       itemsFetchedToRecover: recovered, itemsInStore: try Self.storeRows(store).count)
    }

    // MARK: The store

    /// The lanes of the app's list in a trace (its view context's names), without merging from
    /// history and with it: where `lab why widget-change` looks for the widget's changes.
    public static let automaticMergingListLane = "app list (view context), automatic merging only"
    public static let historyListLane = "app list (view context), history"
    /// The lane of the lesson's own checks, which read the store through a container of their own.
    static let checkerLane = "lesson's checker (a container of its own)"

    /// The items the app starts with, saved by the app.
    static let seed = ["bread", "eggs", "milk"]

    static func seededContainer(at store: URL) throws -> ModelContainer {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
        let container = try ModelContainer(for: Item.self, configuration: .file(store))
        let context = container.newBackgroundContext()
        context.name = "app, seeding the list"
        context.author = HistoryFollowingList.appAuthor
        try context.performAndWait {
            for title in seed { context.insert(Item(timestamp: .now, title: title)) }
            try context.save()
        }
        return container
    }

    /// Every title in the store, read by a container of its own.
    static func storeRows(_ store: URL) throws -> [String] {
        let context = try ModelContainer(for: Item.self, configuration: .file(store)).newBackgroundContext()
        context.name = checkerLane
        return try context.performAndWait {
            try context.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).map { $0.title ?? "" }
        }
    }

    /// How many transactions and changes history holds.
    static func historyRows(_ store: URL) throws -> HistoryRows {
        let context = try ModelContainer(for: Item.self, configuration: .file(store)).newBackgroundContext()
        context.name = checkerLane
        return try context.performAndWait {
            let transactions = try context.fetchHistory(HistoryDescriptor())
            return HistoryRows(transactions: transactions.count, changes: transactions.reduce(0) { $0 + $1.changes.count })
        }
    }

    static func newestToken(_ container: ModelContainer) throws -> DefaultHistoryToken {
        let context = container.newBackgroundContext()
        context.name = "app, keeping another reader's token"
        return try context.performAndWait {
            guard let token = try context.newestHistoryToken() else { throw LessonError.unexpected("the seeded store has no history") }
            return token
        }
    }
}

/// The value, or the lesson went off script.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw LessonError.unexpected("a value the lesson needs is missing") }
    return value
}
