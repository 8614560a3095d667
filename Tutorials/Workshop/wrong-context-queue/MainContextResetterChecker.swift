import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: discard the main context's unsaved edits from a background task.
protocol MainContextResetting: Sendable {
    init()
    /// Makes `container.viewContext` forget its unsaved changes. Called off the main queue.
    func discardEdits(in container: ModelContainer) async
}

/// Leaves an unsaved insert in the main context, calls `discardEdits` from a background task
/// with `ConcurrencyDebug` recording, and checks that the edits are gone and nothing ran off the
/// main queue.
enum MainContextResetterChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "wrong-context-queue",
        title: "Reset the view context from a background task",
        goal: "A background task calls `discardEdits(in:)` when the user cancels: the view context must forget its unsaved changes. Today it calls `reset()` right where it runs, off the main queue, which is exactly what `-com.apple.CoreData.ConcurrencyDebug 1` stops. Do it on the main queue.",
        file: "Tutorials/Workshop/wrong-context-queue/MainContextResetter.swift",
        exerciseCheck: "MainContextResetterChecker.check(MainContextResetter.self)",
        checkSolution: { await MainContextResetterChecker.check(Solution.MainContextResetter.self) }
    )

    static func check<Resetter: MainContextResetting>(_ resetter: Resetter.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = container.viewContext
            await context.perform {
                context.insert(Item(timestamp: Date(timeIntervalSince1970: 0)))
            }

            // This checker runs on Swift's global concurrent executor, as a background task does.
            let (_, violations) = await ConcurrencyDebug.withMode(.record) {
                await Resetter().discardEdits(in: container)
            }

            var findings: [String] = []
            let offQueue = violations.against(context.queueLabel).filter { $0.operation.hasPrefix("ModelContext") }
            if !offQueue.isEmpty {
                findings.append("discardEdits used the main context off the main queue: \(offQueue.summary). "
                    + "Run it on the context's queue.")
            }
            let (hasChanges, count) = try await context.perform {
                (context.hasChanges, try context.fetchCount(FetchDescriptor<Item>()))
            }
            if hasChanges || count != 0 {
                findings.append("After discardEdits the main context still holds its unsaved insert "
                    + "(hasChanges is \(hasChanges), \(count) item(s) fetched). Reset it (or roll it back).")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Checking discardEdits")]
        }
    }
}
