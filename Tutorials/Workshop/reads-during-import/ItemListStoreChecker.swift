import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: the store the list reads, and what the list does before each frame.
protocol ItemListStoring {
    /// Opens the app's store, a file at `url`.
    static func openStore(at url: URL) throws -> ModelContainer
    /// Called on the main queue at the start of every frame, before the frame's reads.
    @MainActor static func prepareFrame(_ mainContext: ModelContext)
}

/// Opens the store in a temporary folder and checks that it has readers; then draws the lesson's
/// list (a header from `fetchCount`, then the newest 50 rows) with a background save forced
/// between the two reads, and one more frame after it.
///
/// ```
/// // main queue                              background context
/// // prepareFrame; header = fetchCount
/// //                                         insert 1,000 items; save (performAndWait)
/// // newest row = fetch newest 50
/// // prepareFrame; header, newest row again
/// ```
///
/// Items are numbered 0, 1, 2… in their `count`, so a frame that shows one state has item
/// `header - 1` on top. Nothing is timed: the save is forced into the frame, every run.
enum ItemListStoreChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "reads-during-import",
        title: "Keep the list drawing while the import saves",
        goal: "The import already runs on a background context, as articles 003 and 004 advise. But the list on screen freezes anyway: this store opens with `readers: 0`, so the main context's fetch shares the writer's connection and waits for the whole save in progress. And each frame reads twice, a count for its header and then the newest rows, so a save that commits between the two reads shows a header that disagrees with its rows. Give the store readers beside its writer, and make every frame read one committed state.",
        file: "Tutorials/Workshop/reads-during-import/ItemListStore.swift",
        exerciseCheck: "ItemListStoreChecker.check(ItemListStore.self)",
        checkSolution: { await ItemListStoreChecker.check(Solution.ItemListStore.self) }
    )

    /// Items in the store before the frame, and items the forced save adds.
    static let preloaded = 1_000, batchSize = 1_000
    /// The rows one page of the list shows.
    static let pageSize = 50

    /// What one frame showed.
    struct Frame: Sendable, Equatable {
        var header: Int
        /// The number of the newest row shown, or -1 for an empty list.
        var newestShown: Int
    }

    static func check<Store: ItemListStoring>(_ store: Store.Type) async -> [String] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("workshop-reads-during-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let container = try Store.openStore(at: folder.appendingPathComponent("Items.sqlite"))

            var findings: [String] = []
            let readers = container.configuration.readers
            if readers == 0 {
                findings.append("openStore opened a store with readers: 0: every read shares the writer's connection, "
                    + "so while a background context saves an import, the list's fetch on the main queue waits for "
                    + "the whole save and the screen freezes (lane 1 of `lab run reads-during-import`). "
                    + "Give the store readers beside its writer (`.file(url)` opens 4 of them).")
            }

            try preload(container)
            let main = container.viewContext
            let importer = container.newBackgroundContext()
            let (across, next) = try await MainActor.run { () throws -> (Frame, Frame) in
                let across = try drawFrame(main, preparedBy: Store.self) {
                    try importer.performAndWait {
                        for number in preloaded..<preloaded + batchSize { importer.insert(item(number)) }
                        try importer.save()
                    }
                }
                let next = try drawFrame(main, preparedBy: Store.self)
                return (across, next)
            }

            if across.newestShown != across.header - 1 {
                findings.append("A frame read its header before a background save committed and its rows after, and "
                    + "showed \(across.header) items with item \(across.newestShown) on top: two states of the store "
                    + "in one frame (a frame that reads one state shows item \(across.header - 1) on top). Pin the main context to one "
                    + "query generation at the start of each frame, in prepareFrame.")
            }
            let total = preloaded + batchSize
            if next != Frame(header: total, newestShown: total - 1) {
                findings.append("The frame after the save showed \(next.header) items with item \(next.newestShown) on "
                    + "top, not the \(total) committed with item \(total - 1) on top: the list never moved on. "
                    + "Pin again at the start of every frame, so that each frame reads the latest commit.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Opening the store and drawing the list")]
        }
    }

    /// One frame on the main context: `prepareFrame`, the header, `betweenReads`, then the newest rows.
    @MainActor
    private static func drawFrame<Store: ItemListStoring>(_ context: ModelContext, preparedBy store: Store.Type,
                                                          betweenReads: () throws -> Void = {}) throws -> Frame {
        Store.prepareFrame(context)
        let header = try context.fetchCount(FetchDescriptor<Item>())
        try betweenReads()
        var page = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count, order: .reverse)])
        page.fetchLimit = pageSize
        return Frame(header: header, newestShown: try context.fetch(page).first?.count ?? -1)
    }

    /// Items 0 to 999, saved by a background context before the first frame.
    private static func preload(_ container: ModelContainer) throws {
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for number in 0..<preloaded { context.insert(item(number)) }
            try context.save()
        }
    }

    /// Item number `number`: its `count` is its number, so the newest row has the largest.
    private static func item(_ number: Int) -> Item {
        Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), title: "item \(number)", count: number)
    }
}
