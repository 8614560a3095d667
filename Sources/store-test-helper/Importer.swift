import Foundation
import PersistenceCore
import SampleModels

/// `store-test-helper import <store> [--batches N]`: saves batches of 1,000 items until killed.
///
/// It prints `saving <batch>` just before each save and `saved <batch> <total>` just after it
/// returns, and flushes each line: a test that reads the lines knows how many items the store
/// held at the last save it confirmed. By default it never stops on its own, so a kill always
/// finds it at work however late the test reads; it exits when its standard input ends, so
/// it does not outlive a test process that died.
enum Importer {
    /// Items per save.
    static let batchSize = 1_000

    static func run(storePath: String, batches: Int) throws {
        exitAtEndOfInput()
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

    /// Exits as soon as standard input, when it is a pipe, reaches its end: the parent closed
    /// it, or died. (Run by hand, with a terminal or /dev/null as input, it keeps going.)
    private static func exitAtEndOfInput() {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        Thread.detachNewThread {
            while readLine() != nil {}
            exit(0)
        }
    }
}
