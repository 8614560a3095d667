import Foundation
import PersistenceCore
import SampleModels

/// Exercise 2's contract: from MainActor code, make a context for background work.
protocol ImportContextMaking: Sendable {
    init()
    /// A context an import can run in without blocking the main queue. Called on the MainActor.
    @MainActor func makeImportContext(for container: ModelContainer) async -> ModelContext
}

/// Calls `makeImportContext` on the MainActor and checks the context's queue, then imports a few
/// items through it.
enum ImportContextMakerChecker {
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
