import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: from MainActor code, make a context for background work.
protocol ImportContextMaking: Sendable {
    init()
    /// A context an import can run in without blocking the main queue. Called on the MainActor.
    @MainActor func makeImportContext(for container: ModelContainer) async -> ModelContext
}

/// Calls `makeImportContext` on the MainActor and checks the context's queue, then imports a few
/// items through it.
enum ImportContextMakerChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "task-vs-detached",
        title: "Make the import context private",
        goal: "A SwiftUI button (MainActor code) asks for a context to run a long import in. The code below creates it inside `Task {}`, so it still gets a main-queue context, and the import would freeze the UI. Make `makeImportContext(for:)` return a context with a private queue.",
        file: "Tutorials/Workshop/task-vs-detached/ImportContextMaker.swift",
        exerciseCheck: "ImportContextMakerChecker.check(ImportContextMaker.self)",
        checkSolution: { await ImportContextMakerChecker.check(Solution.ImportContextMaker.self) }
    )

    static func check<Maker: ImportContextMaking>(_ maker: Maker.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = await Maker().makeImportContext(for: container)

            var findings: [String] = []
            if context.concurrencyType != .privateQueue {
                findings.append("The context runs on the main queue ('\(context.queueLabel)'): an import in it "
                    + "would block the UI. Code in Task {} started on the MainActor still runs on the main queue.")
            }
            let saved = try await context.perform {
                for second in 0..<3 {
                    context.insert(Item(timestamp: Date(timeIntervalSince1970: Double(second))))
                }
                try context.save()
                return try context.fetchCount(FetchDescriptor<Item>())
            }
            if saved != 3 {
                findings.append("Importing 3 items through the context saved \(saved).")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Importing through the context")]
        }
    }
}
