import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: set up the main context at launch.
protocol MainContextPreparing: Sendable {
    init()
    /// Prepares `mainContext` so that saves made by other contexts reach its objects. Called on
    /// the MainActor.
    @MainActor func prepare(_ mainContext: ModelContext)
}

/// The main context shows an item; a background context changes it and saves; then the main
/// context's object must show the new count.
///
/// ```
/// // main context                     background context
/// // prepare; fetch item (count 0)
/// //                                  item.count = 5; save
/// // item.count == 5?
/// ```
enum MainContextMergingChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "change-merging",
        title: "Let the view context see background saves",
        goal: "The list on screen shows items fetched by the view context. A background context imports new counts and saves, but the list keeps showing the old ones: the view context's objects are never told. Make `prepare(_:)` set up the view context so that other contexts' saves reach it.",
        file: "Tutorials/Workshop/change-merging/MainContextMerging.swift",
        exerciseCheck: "MainContextMergingChecker.check(MainContextMerging.self)",
        checkSolution: { await MainContextMergingChecker.check(Solution.MainContextMerging.self) }
    )

    static func check<Preparer: MainContextPreparing>(_ preparer: Preparer.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let main = container.viewContext
            await MainActor.run { Preparer().prepare(main) }
            let id = try await main.perform {
                let item = Item(timestamp: Date(timeIntervalSince1970: 0))
                main.insert(item)
                try main.save()
                return item.persistentModelID
            }

            let background = container.newBackgroundContext()
            try await background.perform {
                let item = try background.existingModel(for: id, as: Item.self)
                item.count = 5
                try background.save()
            }

            // Merges run on the main queue in save order: this block runs after any merge.
            let shown = await main.perform {
                (main.registeredModel(for: id) as Item?)?.count
            }
            if shown != 5 {
                return ["After a background context saved count 5, the main context's item still shows "
                    + "\(shown.map(String.init) ?? "nothing"): the save was never merged into the main context."]
            }
            return []
        } catch {
            return [finding(for: error, in: "Saving in the background")]
        }
    }
}
