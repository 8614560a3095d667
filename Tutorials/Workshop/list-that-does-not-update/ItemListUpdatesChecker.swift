import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: what the app does so that its list follows changes made elsewhere.
protocol ItemListUpdating: Sendable {
    /// Sets up the main context at launch. Called on the main queue, before the list's observer
    /// is made on that context.
    static func prepare(_ mainContext: ModelContext)
    /// Marks the items whose `count` is in `numbers` done (title "done") with one batch request,
    /// so that the list shows it. Called off the main queue.
    static func markDone(_ numbers: [Int], in container: ModelContainer, mainContext: ModelContext) throws
}

/// Shows items 0, 1 and 2 in a list (a `ResultsObserver` on the main context, made after
/// `prepare`); a background context then adds item 3 and renames item 0, and `markDone` marks
/// items 1 and 2 done. After each change the list must show what the store holds.
///
/// ```
/// // main queue                                  background
/// //                                             save items 0, 1, 2
/// // prepare; the list observes every item
/// //                                             insert item 3, rename item 0; save
/// // does the list show what the store holds?
/// //                                             markDone([1, 2]) (ConcurrencyDebug recording)
/// // does the list show items 1 and 2 done?
/// ```
///
/// Nothing is timed: a save queues its automatic merges on the main queue before it returns (and
/// a merge by hand in `markDone` is done, or queued, before `markDone` returns), and the checker
/// reads the list from a block queued on the main queue after that.
enum ItemListUpdatesChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "list-that-does-not-update",
        title: "Make the list follow background saves and batch requests",
        goal: "The list on screen is a `ResultsObserver` on the view context, the role `@Query` plays in SwiftUI: it fetches again whenever its context saves, merges, refreshes or resets. A background context adds and renames items, and `markDone` marks items done with a batch request, but the list never changes: the view context merges nothing, so the observer has nothing to follow. Make `prepare(_:)` set up the view context so that other contexts' saves reach the list, and make `markDone(_:in:mainContext:)` bring its batch request's changes to the list too.",
        file: "Tutorials/Workshop/list-that-does-not-update/ItemListUpdates.swift",
        exerciseCheck: "ItemListUpdatesChecker.check(ItemListUpdates.self)",
        checkSolution: { await ItemListUpdatesChecker.check(Solution.ItemListUpdates.self) }
    )

    /// The items `markDone` marks done.
    static let marked = [1, 2]

    /// One row of the list, or of the store: an item's number and title.
    struct Row: Sendable, Equatable, CustomStringConvertible {
        var number: Int
        var title: String

        var description: String { "\(number) \"\(title)\"" }
    }

    /// The list on screen: a results observer on the main context, as a view holds `@Query`.
    // @unchecked: made, read and left on the main queue only (the main context's); the checker
    // reaches it through `MainQueue.run`.
    final class Screen: @unchecked Sendable {
        let observer: ResultsObserver<Item, Never>

        /// Observes every item, by number, in `mainContext`. Call on the main queue.
        init(mainContext: ModelContext) throws {
            observer = try ResultsObserver(fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.count)]),
                                           modelContext: mainContext)
        }

        /// What the list shows now. Call on the main queue.
        var rows: [Row] {
            observer.results.map { Row(number: $0.count, title: $0.title ?? "") }
        }
    }

    static func check<Updates: ItemListUpdating>(_ updates: Updates.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let background = container.newBackgroundContext()
            try background.performAndWait {
                for number in 0..<3 { background.insert(item(number)) }
                try background.save()
            }
            let main = container.viewContext
            let screen = try await MainQueue.run {
                Updates.prepare(main)
                return try Screen(mainContext: main)
            }
            var findings: [String] = []

            // A background save: one new item and one edit to a row the list already shows.
            try background.performAndWait {
                background.insert(item(3))
                for first in try background.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.count == 0 })) {
                    first.title = "renamed"
                }
                try background.save()
            }
            let shownAfterSave = try await MainQueue.run { screen.rows }
            let storedAfterSave = try storeRows(container)
            if shownAfterSave != storedAfterSave {
                findings.append("After a background context added item 3, renamed item 0 and saved, the list showed "
                    + "\(list(shownAfterSave)), but the store holds \(list(storedAfterSave)): the list follows its "
                    + "context, and the main context never merged the save (`lab run list-that-does-not-update`, "
                    + "lane 1). In prepare(_:), make the main context merge other contexts' saves.")
            }

            // A batch request, called off the main queue, as a sync service's code would be.
            let (_, violations) = try await ConcurrencyDebug.withMode(.record) {
                try Updates.markDone(marked, in: container, mainContext: main)
            }
            let offQueue = violations.against(main.queueLabel)
            if !offQueue.isEmpty {
                findings.append("markDone used the main context off the main queue: \(offQueue.summary). "
                    + "Merge with ModelContext.mergeChanges(fromRemoteContextSave:into:), which merges into each "
                    + "context on its own queue (the lab's spelling of Core Data's NSManagedObjectContext.mergeChanges).")
            }
            let shownAfterBatch = try await MainQueue.run { screen.rows }.filter { marked.contains($0.number) }
            let storedAfterBatch = try storeRows(container).filter { marked.contains($0.number) }
            let done = marked.map { Row(number: $0, title: "done") }
            if storedAfterBatch != done {
                findings.append("After markDone(\(marked)) the store holds \(list(storedAfterBatch)), and the list "
                    + "shows \(list(shownAfterBatch)): its batch request must set the title \"done\" on the items "
                    + "whose count is in numbers.")
            } else if shownAfterBatch != done {
                findings.append("After markDone(\(marked)) the list showed \(list(shownAfterBatch)), but the store "
                    + "holds \(list(storedAfterBatch)): a batch request bypasses every context, even one that merges "
                    + "automatically, so the main context never heard of it (`lab run list-that-does-not-update`, "
                    + "lane 2). At the end of markDone, merge the request's result into the main context by hand.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Showing the list and changing its items")]
        }
    }

    /// Every item the store holds, by number, read by a fresh context (it holds no stale copy).
    private static func storeRows(_ container: ModelContainer) throws -> [Row] {
        let reader = container.newBackgroundContext()
        return try reader.performAndWait {
            try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count)]))
                .map { Row(number: $0.count, title: $0.title ?? "") }
        }
    }

    /// Rows as a finding shows them: `0 "item 0", 1 "item 1"`, or `nothing`.
    private static func list(_ rows: [Row]) -> String {
        rows.isEmpty ? "nothing" : rows.map(\.description).joined(separator: ", ")
    }

    /// Item number `number`, titled "item <number>".
    private static func item(_ number: Int) -> Item {
        Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), title: "item \(number)", count: number)
    }
}
