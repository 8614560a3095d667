import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: the fetch behind the list a screen shows.
protocol ItemListQuerying {
    /// What the list on SwiftData's main context observes: the items, oldest first, as many as
    /// a screen shows (``ItemListQueryChecker/rowsOnScreen``).
    static var descriptor: FetchDescriptor<Item> { get }
}

/// Shows the list (a `ResultsObserver` on SwiftData's main context, made with the learner's
/// descriptor), then imports 2,000 items on a background context, newest first, in one save.
/// The main context merges the save by itself, on the main queue, and the list takes it in there.
///
/// ```
/// // main queue                                  background context
/// // the list: ResultsObserver(descriptor)
/// //                                             insert 2,000 items, save once
/// // [merge, the list's update]
/// // what does the list show, what does the main context hold?
/// ```
///
/// Nothing is timed: a save queues the main context's merge on the main queue before it returns,
/// and the checker reads the list from a block queued there after it. What the list cost the
/// main queue is counted in models: how many of the imported items the main context made.
enum ItemListQueryChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "list-of-everything",
        title: "Keep the list on the main context to a screenful",
        goal: "The import runs on a private queue and saves 2,000 items at once, as article 004 advises. But the list on screen, a `ResultsObserver` on SwiftData's main context, observes every item: the main context merges the save by itself, on the main queue, and the list fetches every row again there, making a model for each. A screen shows 100 rows. Make the list's descriptor ask for those only, still oldest first.",
        file: "Tutorials/Workshop/list-of-everything/ItemListQuery.swift",
        exerciseCheck: "ItemListQueryChecker.check(ItemListQuery.self)",
        checkSolution: { await ItemListQueryChecker.check(Solution.ItemListQuery.self) }
    )

    /// The rows a screen shows.
    static let rowsOnScreen = 100
    /// The items the import saves at once.
    static let imported = 2_000

    /// The list on screen, on the MainActor as a view is.
    @MainActor
    final class Screen {
        let observer: ResultsObserver<Item, Never>

        init(descriptor: FetchDescriptor<Item>, mainContext: ModelContext) throws {
            observer = try ResultsObserver(fetchDescriptor: descriptor, modelContext: mainContext)
        }

        /// The `count` of each item shown, in order.
        var numbers: [Int] { observer.results.map(\.count) }

        /// How many of `identifiers` the main context holds a model for.
        func modelsHeld(of identifiers: [PersistentIdentifier]) -> Int {
            identifiers.count { (observer.modelContext.registeredModel(for: $0) as Item?) != nil }
        }
    }

    static func check<Query: ItemListQuerying>(_ query: Query.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let screen = try await MainActor.run { try Screen(descriptor: Query.descriptor, mainContext: container.mainContext) }
            let background = container.newBackgroundContext()
            let identifiers = try await background.perform {
                var items: [Item] = []
                for number in (0..<imported).reversed() {
                    let item = Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), title: "item \(number)", count: number)
                    background.insert(item)
                    items.append(item)
                }
                try background.save()
                return items.map(\.persistentModelID)
            }
            let (shown, held) = try await MainQueue.runOnMainActor { (screen.numbers, screen.modelsHeld(of: identifiers)) }

            var findings: [String] = []
            if shown.count > rowsOnScreen {
                findings.append("After a background import of \(imported) items, the list holds \(shown.count) of them, and the "
                    + "main context holds \(held) models of the import: SwiftData's main context merged the save by itself, and the "
                    + "list fetched every row again on the main queue, making a model for each (`lab run list-of-everything`, "
                    + "lane 1). A screen shows \(rowsOnScreen) rows: give the descriptor a fetchLimit.")
            } else if shown.count < rowsOnScreen {
                findings.append("After a background import of \(imported) items, the list shows \(shown.count) of them: a screen "
                    + "shows \(rowsOnScreen) rows, so the list should show the first \(rowsOnScreen).")
            }
            let oldest = Array(0..<min(rowsOnScreen, shown.count))
            if shown.prefix(rowsOnScreen).elementsEqual(oldest) == false {
                findings.append("The list starts with items \(shown.prefix(5).map(String.init).joined(separator: ", ")), not the "
                    + "oldest (0, 1, 2, 3, 4): keep every item, sorted by timestamp, oldest first; the limit takes the first rows "
                    + "in that order.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Showing the list and importing the items")]
        }
    }
}
