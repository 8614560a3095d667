import Foundation
import Observation
import PersistenceCore
import Lessons
import SampleModels

/// The exercise's contract: what the app does each time its store's remote-change notification
/// arrives (`ModelContainer.remoteChange`, or a `HistoryObserver`'s count going up).
protocol RemoteChangeMerging: Sendable {
    /// Brings into `mainContext` what other processes committed to its store after `token`, and
    /// returns the token to keep for the next call: the newest transaction's it merged, or `token`
    /// when there was nothing new. Called on the main queue (the main context's).
    @MainActor static func mergeRemoteChanges(after token: DefaultHistoryToken, into mainContext: ModelContext) throws -> DefaultHistoryToken
}

extension RemoteChangeMerging {
    /// The author the app's own contexts save with: their saves reach the main context by
    /// automatic merging, so history holds nothing new for it under this name.
    static var appAuthor: String { "app" }
}

/// Opens a store file in a temporary folder as the app does: a list on the main context, which
/// merges automatically, and items the app saved (author "app"). Then a real second process, the
/// lesson's widget (`lesson-helper widget-change`), adds, renames and deletes an item; after each
/// commit the checker calls `mergeRemoteChanges` with the token the app keeps, and compares the
/// list with the store. Last, the app saves a change of its own, which automatic merging has shown already:
/// merging history then must not touch the list.
///
/// ```
/// // app (this process)                              widget (lesson-helper)
/// // save bread, eggs, milk (author "app"); keep the newest token
/// // list on the main context (merges automatically)
/// //                                                 add cheese; commit
/// // token = mergeRemoteChanges(after: token); list == store?
/// //                                                 rename milk to oat milk; commit
/// // token = mergeRemoteChanges(after: token); list == store?
/// //                                                 delete bread; commit
/// // token = mergeRemoteChanges(after: token); list == store?
/// // a background context (author "app") renames eggs; save (merged automatically)
/// // mergeRemoteChanges(after: token); did the list change again?
/// ```
///
/// Nothing is timed: the checker waits for the widget's `committed` line (the commit is in the
/// file by then), and reads the list from a block queued on the main queue after the call, which
/// runs after whatever the call queued there.
enum RemoteChangeMergerChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "widget-change",
        title: "Bring the widget's changes into the app's list through history",
        goal: "The app's list is a `ResultsObserver` on the view context, which merges automatically. A widget, another process, adds, renames and deletes items in the same store file, and the list never changes: automatic merging follows the saves of this container's own contexts, and a commit from another process is not one of them. The app is told that the store changed (its remote-change notification), and then calls `mergeRemoteChanges(after:into:)` with the token it kept. Fetch the history after that token, skip the app's own transactions (author `Self.appAuthor`, \"app\": the view context merged them already), merge the rest into the view context, and return the token to keep for the next call.",
        file: "Tutorials/Workshop/widget-change/RemoteChangeMerger.swift",
        exerciseCheck: "RemoteChangeMergerChecker.check(RemoteChangeMerger.self)",
        checkSolution: { await RemoteChangeMergerChecker.check(Solution.RemoteChangeMerger.self) }
    )

    /// The titles the app saves before the widget starts.
    static let seed = ["bread", "eggs", "milk"]
    /// The widget's changes: what it did, in words, and the command that does it.
    static let widgetChanges: [(did: String, command: String)] = [
        ("added \"cheese\"", "add cheese"),
        ("renamed \"milk\" to \"oat milk\"", "rename milk\toat milk"),
        ("deleted \"bread\"", "delete bread"),
    ]
    /// The app's own change, after the widget's.
    static let appRename = (from: "eggs", to: "brown eggs")

    /// The list on screen: a results observer on the main context, as a view holds `@Query`.
    // @unchecked: made, read and left on the main queue only (the main context's); the checker
    // reaches it through `MainQueue.runOnMainActor`.
    final class Screen: @unchecked Sendable {
        let observer: ResultsObserver<Item, Never>

        /// Observes every item, by title, in `mainContext`. Call on the main queue.
        @MainActor init(mainContext: ModelContext) throws {
            observer = try ResultsObserver(fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.title)]),
                                           modelContext: mainContext)
        }

        /// What the list shows now: each item's title. Call on the main queue.
        @MainActor var rows: [String] { observer.results.map { $0.title ?? "" } }
    }

    static func check<Merger: RemoteChangeMerging>(_ merger: Merger.Type) async -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workshop-widget-change-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var running: WidgetProcess?
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = folder.appendingPathComponent("Items.sqlite")
            let container = try ModelContainer(for: Item.self, configuration: .file(store))
            try save(in: container, author: Merger.appAuthor) { context in
                for title in seed { context.insert(Item(timestamp: .now, title: title)) }
            }
            let main = container.viewContext
            let screen = try await MainQueue.runOnMainActor {
                main.automaticallyMergesChangesFromParent = true  // what the app does at launch
                return try Screen(mainContext: main)
            }
            // The token the app kept: its own seeding is history it has seen.
            var kept = try newestToken(in: container)
            var findings: [String] = []

            let widget = try await WidgetProcess(store: store)
            running = widget
            var listWrong = false, tokenWrong = false, listChangedBefore = false
            for change in widgetChanges {
                let committed = try await widget.run(change.command).token
                let given = kept
                let before = try await MainQueue.runOnMainActor { screen.rows }
                let returned = try await MainQueue.runOnMainActor { try Merger.mergeRemoteChanges(after: given, into: main) }
                let shown = try await MainQueue.runOnMainActor { screen.rows }
                let stored = try storeRows(container)
                if shown != stored && !listWrong {
                    listWrong = true
                    findings.append(shown == before && !listChangedBefore
                        ? "After the widget, another process, \(change.did) and committed, the list still showed \(list(shown)), "
                            + "but the store holds \(list(stored)). The main context merges automatically, but only the saves "
                            + "of its own container's contexts: a commit from another process reaches no context by itself "
                            + "(`lab run widget-change`, lane 1). In mergeRemoteChanges, fetch the history after the token "
                            + "and merge its changes into the main context."
                        : "After the widget \(change.did) and committed, the list showed \(list(shown)), but the store holds "
                            + "\(list(stored)). Merge every change of every transaction after the token: its inserts, its "
                            + "updates and its deletions, each by its changedPersistentIdentifier.")
                }
                listChangedBefore = listChangedBefore || shown != before
                if returned < committed {
                    if !tokenWrong {
                        tokenWrong = true
                        findings.append((returned == given
                            ? "After the widget \(change.did), mergeRemoteChanges returned the token it was given: "
                            : "After the widget \(change.did), mergeRemoteChanges returned a token older than the widget's commit: ")
                            + "the app keeps it, so its next call fetches that commit again, and each call after it "
                            + "more of history again. Return the token of the newest transaction you fetched (or the "
                            + "one you were given when there was none).")
                    }
                    kept = committed  // go on from where a right answer would have left the app
                } else {
                    kept = returned
                }
            }
            try await widget.finish()
            running = nil

            // The app's own save, merged automatically: history holds nothing new for the list.
            let (from, to) = appRename
            try save(in: container, author: Merger.appAuthor) { context in
                for item in try context.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.title == from })) {
                    item.title = to
                }
            }
            let given = kept
            let (ownItem, changed) = try await MainQueue.runOnMainActor { () throws -> (PersistentIdentifier?, Locked<Bool>) in
                let ownItem = screen.observer.results.first { $0.title == to }?.persistentModelID
                let changed = Locked(false)
                withObservationTracking { _ = screen.observer.results } onChange: { changed.withLock { $0 = true } }
                _ = try Merger.mergeRemoteChanges(after: given, into: main)
                return (ownItem, changed)
            }
            // Read after whatever the call queued on the main queue has run.
            let (lastUpdated, allRows) = try await MainQueue.runOnMainActor {
                (screen.observer.lastChange.updated, Set(screen.observer.results.map(\.persistentModelID)))
            }
            if ownItem == nil {
                findings.append("After the app's own background context renamed \"\(from)\" to \"\(to)\" and saved, the list "
                    + "did not show it: keep the main context merging its container's saves automatically "
                    + "(automaticallyMergesChangesFromParent, which the app sets at launch).")
            } else if changed.value, allRows.count > 1, lastUpdated == allRows {
                findings.append("After the app's own save, the only transaction after the token was the app's, and "
                    + "mergeRemoteChanges updated every row of the list: it refreshed everything instead of merging what "
                    + "other processes changed. Merge only the changes of the transactions after the token whose author "
                    + "is not the app's, with mergeChanges(fromContextDidSave:).")
            } else if changed.value, let ownItem, lastUpdated.contains(ownItem) {
                findings.append("After the app's own background context (author \"\(Merger.appAuthor)\") renamed "
                    + "\"\(from)\" to \"\(to)\" and saved, the main context had merged it already, automatically, and "
                    + "mergeRemoteChanges merged it a second time: the list updated again for nothing. Skip the "
                    + "transactions whose author is Self.appAuthor (`$0.author != appAuthor` in the predicate).")
            } else if changed.value {
                findings.append("After the app's own save, the only transaction after the token was the app's, and "
                    + "mergeRemoteChanges still changed the list: it merged again transactions from before the token, "
                    + "which the list showed already. Fetch only the transactions after the token (`$0.token > token`).")
            }
            let shown = try await MainQueue.runOnMainActor { screen.rows }
            let stored = try storeRows(container)
            if shown != stored && !listWrong {
                findings.append("After the app's own save and mergeRemoteChanges, the list showed \(list(shown)), but the "
                    + "store holds \(list(stored)).")
            }
            return findings
        } catch {
            running?.kill()
            return [finding(for: error, in: "Following the widget's changes")]
        }
    }

    /// Saves what `change` does in a background context of the app's, with the app's author.
    private static func save(in container: ModelContainer, author: String,
                             _ change: (ModelContext) throws -> Void) throws {
        let context = container.newBackgroundContext()
        context.author = author
        try context.runAndWait {
            try change(context)
            try context.save()
        }
    }

    /// The newest transaction's token: where the app starts following history.
    private static func newestToken(in container: ModelContainer) throws -> DefaultHistoryToken {
        let context = container.newBackgroundContext()
        return try context.performAndWait {
            guard let token = try context.newestHistoryToken() else {
                throw WidgetProcess.Failure("the app's first save left no history")
            }
            return token
        }
    }

    /// Every title the store holds, read by a fresh context (it holds no stale copy).
    private static func storeRows(_ container: ModelContainer) throws -> [String] {
        let reader = container.newBackgroundContext()
        return try reader.performAndWait {
            try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).map { $0.title ?? "" }
        }
    }

    /// Titles as a finding shows them: `bread, eggs, milk`, or `nothing`.
    private static func list(_ rows: [String]) -> String {
        rows.isEmpty ? "nothing" : rows.joined(separator: ", ")
    }
}
