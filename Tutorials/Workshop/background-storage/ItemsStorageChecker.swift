import Foundation
import PersistenceCore
import SampleModels
import Lessons

/// The exercise's contract: article 004's `Storage`, the app's only door to its data.
protocol Storage: Sendable {
    /// Made once, at launch, on the MainActor.
    @MainActor init(modelContainer: ModelContainer)
    /// Inserts one item per timestamp and saves; returns them in the same order.
    func addItems(_ timestamps: [Date]) async throws -> [DomainItem]
    /// Deletes the item with this `id`, and saves.
    func deleteItem(withId id: UUID) async throws
    /// Every item, oldest first.
    func fetchItems() async throws -> [DomainItem]
}

/// Imports a thousand items through the storage while watching which context saves, then
/// checks what it returns, fetches and deletes.
enum ItemsStorageChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "background-storage",
        title: "Write the Storage actor of article 004",
        goal: "The app talks to its data only through `Storage` and gets `DomainItem`s back, as article 004 recommends. But this storage works on the container's main context, so an import of a thousand items keeps the main queue, the one that draws the UI, busy from start to end. Turn it into a model actor with a private queue of its own. Its methods may stay as they are.",
        file: "Tutorials/Workshop/background-storage/ItemsStorage.swift",
        exerciseCheck: "ItemsStorageChecker.check(ItemsStorage.self)",
        checkSolution: { await ItemsStorageChecker.check(Solution.ItemsStorage.self) }
    )

    static func check<S: Storage>(_ storage: S.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let storage = await MainActor.run { S(modelContainer: container) }
            let timestamps = (0..<1_000).map { Date(timeIntervalSince1970: Double($0)) }

            let savers = SaveWatch(container: container)
            let clock = ContinuousClock()
            let started = clock.now
            let added = try await storage.addItems(timestamps)
            let elapsed = clock.now - started
            let queues = Set(savers.stop().map(\.concurrencyType))

            var findings: [String] = []
            if queues.isEmpty {
                findings.append("addItems saved nothing: no context of the container posted didSave.")
            } else if queues.contains(.mainQueue) {
                findings.append("addItems saved on the main queue: the main queue was busy importing for "
                    + "\(Int(elapsed / .milliseconds(1))) ms instead of drawing the UI. "
                    + "Do the work on a private queue: a @ModelActor made here, at launch on the MainActor, takes the "
                    + "main queue: article 004's own setup, the third lane of `lab run background-storage`.")
            }
            if added.map(\.timestamp) != timestamps {
                findings.append("addItems returned \(added.count) item(s); expected the 1,000 added, in order.")
            }
            let fetched = try await storage.fetchItems()
            if fetched != added {
                findings.append("fetchItems returned \(fetched.count) item(s); expected the \(added.count) added, oldest first.")
            }
            if let first = added.first {
                try await storage.deleteItem(withId: first.id)
                let left = try await storage.fetchItems()
                if left.contains(where: { $0.id == first.id }) || left.count != added.count - 1 {
                    findings.append("After deleteItem(withId:) the storage still returns the deleted item.")
                }
            }
            return findings
        } catch {
            return [finding(for: error, in: "Using the storage")]
        }
    }
}
