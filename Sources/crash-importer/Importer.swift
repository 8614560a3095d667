import Foundation
import PersistenceCore

/// `crash-importer import <store> [--batches N]`: saves batches of 1,000 items until killed.
///
/// It prints `saving <batch>` just before each save and `saved <batch> <total>` just after it
/// returns, and flushes each line: a test that reads the lines knows whether its SIGKILL lands
/// while a batch is being built or while it is being committed, and how many items the store
/// held at the last committed save.
enum Importer {
    /// Items per save.
    static let batchSize = 1_000

    static func run(storePath: String, batches: Int) throws {
        let container = try ModelContainer(for: ImportedItem.self, configuration: .file(URL(fileURLWithPath: storePath)))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            var total = try context.fetchCount(FetchDescriptor<ImportedItem>())
            let first = total / batchSize
            for batch in first..<first + batches {
                for index in 0..<batchSize {
                    context.insert(ImportedItem(batch: batch, index: index, payload: String(repeating: "x", count: 64)))
                }
                Output.line("saving \(batch)")
                try context.save()
                total += batchSize
                Output.line("saved \(batch) \(total)")
                // Forget the saved items: memory stays flat however long the importer runs.
                context.reset()
            }
        }
    }
}
