import Foundation
import PersistenceCore
import SampleModels
import Lessons

/// The exercise's contract: the import a button starts.
protocol ItemImporting: Sendable {
    init(container: ModelContainer)
    /// Inserts one item per timestamp into `container`, saves, and returns how many it imported.
    /// Called from the MainActor, as a button's action would call it; the import must not run on
    /// the main queue.
    ///
    /// `nonisolated(nonsending)`, as Swift 6.2's NonisolatedNonsendingByDefault makes every
    /// unannotated async requirement: an implementation that writes nothing takes it on (its
    /// conformance is declared with the type). One marked `@concurrent` is called through a thunk
    /// that leaves the caller's actor.
    nonisolated(nonsending) func importItems(_ timestamps: [Date]) async throws -> Int
}

/// Calls `importItems` from the MainActor with `ConcurrencyDebug` recording, on a fresh in-memory
/// container, watches which contexts save, then reads the store from another context.
///
/// ```
/// // main queue (the button)                  wherever importItems runs
/// // importItems(200 timestamps) ...           ModelContext(container), perform { insert; save }
/// //                                           didSave: which context saved, on which queue?
/// // returns 200
/// //                                           a background context counts the items
/// ```
///
/// Nothing is timed, and nothing the learner's code says about itself decides: where the import
/// ran is read from the contexts that saved (the `ModelContext.didSave` notification's `object`,
/// see ``SaveWatch``). Called from the MainActor, a `nonisolated(nonsending)` method runs there,
/// `ModelContext(container)` is a main-queue context, and its `perform` runs on the main queue; a
/// method that leaves the MainActor (`@concurrent`, `Task.detached`) makes a private-queue
/// context, as does the lab's own `@BackgroundModelActor` wherever it is made. Asking for a
/// private queue by name (`container.newBackgroundContext()`) and awaiting its `perform` passes
/// too: the main queue is free meanwhile.
///
/// What it cannot see: MainActor code that waits in `performAndWait` for a private context. The
/// save then comes from a private-queue context while the main queue is held; only a clock would
/// tell. The hints keep `await perform`, which lets the main queue go.
enum ItemImportServiceChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "nonisolated-async",
        title: "Make the import helper leave the MainActor that calls it",
        goal: "A button (MainActor code) calls `importItems(_:)`. The helper makes a context of its own \"to work in the background\" and does the work in its `perform`. But the method is `nonisolated(nonsending)`, what Swift 6.2 makes of an unannotated async function in a new Xcode project: it runs on its caller's actor. Called from the button, it runs on the MainActor, `ModelContext(container)` made there is a main-queue context, and the whole import holds the main queue, the one that draws the UI. Make the import run off the main queue when the MainActor calls it.",
        file: "Tutorials/Workshop/nonisolated-async/ItemImportService.swift",
        exerciseCheck: "ItemImportServiceChecker.check(ItemImportService.self)",
        checkSolution: { await ItemImportServiceChecker.check(Solution.ItemImportService.self) }
    )

    static let itemCount = 200

    static func check<Service: ItemImporting>(_ service: Service.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let timestamps = (0..<itemCount).map { Date(timeIntervalSince1970: 1_700_000_000 + Double($0)) }

            let watch = SaveWatch(container: container)
            let (returned, violations) = await ConcurrencyDebug.withMode(.record) {
                await buttonTapped(Service.self, container: container, timestamps: timestamps)
            }
            let saves = watch.stop()
            let stored = try await storedTimestamps(in: container)

            var findings: [String] = []
            switch returned {
            case .failure(let error):
                findings.append(finding(for: error, in: "Importing \(itemCount) items from the MainActor"))
            case .success(let count) where count != itemCount:
                findings.append("importItems returned \(count); expected \(itemCount), the number of items it imported.")
            case .success:
                break
            }
            let onMainQueue = saves.filter { $0.concurrencyType == .mainQueue }
            if saves.isEmpty {
                findings.append("importItems saved nothing before it returned: no context of the container posted "
                    + "ModelContext.didSave. Save the context, and await the work before returning.")
            } else if let first = onMainQueue.first {
                let which = onMainQueue.count == saves.count ? "The import's context runs"
                    : "\(onMainQueue.count) of the import's \(saves.count) saves came from a context that runs"
                findings.append("\(which) on the main queue ('\(first.queueLabel)'), so the import held the main queue, "
                    + "the one that draws the UI: called from the MainActor, a nonisolated(nonsending) function runs on "
                    + "the MainActor, ModelContext(container) made there is a main-queue context, and its perform runs on "
                    + "the main queue too. Make importItems leave its caller's actor: @concurrent, Task.detached, or a "
                    + "@BackgroundModelActor (the lab's own macro; SwiftData code makes a @ModelActor off the main actor).")
            }
            if stored.count != itemCount {
                findings.append("After importItems returned, another context found \(stored.count) items in the store; "
                    + "expected \(itemCount), one per timestamp, all saved before it returns (await the work).")
            } else if stored != timestamps {
                findings.append("The store holds \(itemCount) items, but not one per timestamp given: insert "
                    + "`Item(timestamp:)` for each.")
            }
            if !violations.isEmpty {
                findings.append("The import used a context or a model off its queue: \(violations.summary). A "
                    + "private-queue context's models may be touched only on its queue: insert and save inside "
                    + "`await context.perform { ... }` (the methods of the lab's own @BackgroundModelActor already run there).")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Reading the imported items")]
        }
    }

    /// The button's action, on the MainActor: where a SwiftUI button's closure runs.
    @MainActor
    private static func buttonTapped<Service: ItemImporting>(
        _: Service.Type, container: ModelContainer, timestamps: [Date]
    ) async -> Result<Int, any Error> {
        do {
            return .success(try await Service(container: container).importItems(timestamps))
        } catch {
            return .failure(error)
        }
    }

    /// Every item's timestamp, oldest first, read by a context of the checker's own.
    private static func storedTimestamps(in container: ModelContainer) async throws -> [Date] {
        let reader = container.newBackgroundContext()
        return try await reader.perform {
            try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])).map(\.timestamp)
        }
    }
}
