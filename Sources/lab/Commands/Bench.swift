import ArgumentParser
import Foundation
import LabSupport
import Lessons

/// `lab bench`: the main queue versus the background, timed in this process.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import N items on the main context, on a background context and through a model actor, then in the background with a list on SwiftData's main context; compare.")

    @OptionGroup var size: ItemsOption
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let environment = try store.environment()
        let bar = ProgressBar(total: size.items * ImportBench.Place.allCases.count, enabled: !output.json)
        var results: [ImportBench.Result] = []
        for (offset, place) in ImportBench.Place.allCases.enumerated() {
            let base = offset * size.items
            bar.update(base, label: place.rawValue)
            do {
                results.append(try await ImportBench.run(place, items: size.items, in: environment) { bar.update(base + $0, label: place.rawValue) })
            } catch {
                bar.finish()
                throw LabFailure(message: "the \(place.rawValue) import failed: \(error)")
            }
        }
        bar.finish()
        if output.json { return try JSONOutput.print(results.map(Row.init)) }
        printTable(results)
    }

    /// A result, as `--json` prints it.
    struct Row: Encodable {
        let place: String, items: Int, seconds: Double, itemsPerSecond: Double
        let maxMainQueueDelayMilliseconds: Double, mainQueueBlockedShare: Double
        init(_ result: ImportBench.Result) {
            place = result.place.id
            items = result.items
            seconds = result.seconds
            itemsPerSecond = Double(result.items) / max(result.seconds, 1e-9)
            maxMainQueueDelayMilliseconds = result.maxMainQueueDelayMilliseconds
            mainQueueBlockedShare = result.mainQueueBlockedShare
        }
    }

    private func printTable(_ results: [ImportBench.Result]) {
        let terminal = Terminal.standardOutput
        let baseline = results.first { $0.place == .mainContext }?.seconds ?? 1
        let header = ["import of \(size.items) items", "time", "vs main", "longest main-queue wait", "main queue blocked"]
        let rows = results.map { result in
            [result.place.rawValue,
             String(format: "%.0f ms", result.seconds * 1000),
             String(format: "%.2fx", result.seconds / baseline),
             String(format: "%.1f ms", result.maxMainQueueDelayMilliseconds),
             String(format: "%.0f%%", result.mainQueueBlockedShare * 100)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "   ")
        }
        terminal.line(terminal.bold(line(header)))
        rows.forEach { terminal.line(line($0)) }
        terminal.line()
        for sentence in Self.findings(results) {
            terminal.line(terminal.paint(sentence, .gray))
        }
    }

    /// What the run showed, in sentences computed from its results (a place missing from them
    /// says nothing).
    static func findings(_ results: [ImportBench.Result]) -> [String] {
        func result(_ place: ImportBench.Place) -> ImportBench.Result? { results.first { $0.place == place } }
        func wait(_ result: ImportBench.Result) -> String { String(format: "%.1f ms", result.maxMainQueueDelayMilliseconds) }
        var sentences: [String] = []
        if let main = result(.mainContext), let background = result(.backgroundContext) {
            sentences.append("Where the import runs moves where its time is spent: on the main context the main queue (your UI) "
                + "waited up to \(wait(main)), in the background up to \(wait(background)) (article 004).")
        }
        if let full = result(.backgroundIntoFullList), let screenful = result(.backgroundIntoScreenful) {
            sentences.append("SwiftData's main context merges a background save by itself, on the main queue, and a list on it "
                + "takes in what changed there too: a list of every item made the main queue wait up to \(wait(full)), "
                + "a list of the first 100 (fetchLimit) up to \(wait(screenful)). (Core Data's view context merges only "
                + "when told: automaticallyMergesChangesFromParent.)")
        }
        return sentences
    }
}

/// A one-line progress bar on standard error, drawn only on a terminal.
final class ProgressBar: Sendable {
    private let total: Int
    private let enabled: Bool

    init(total: Int, enabled: Bool) {
        self.total = max(total, 1)
        self.enabled = enabled && Terminal.standardError.usesColor
    }

    func update(_ done: Int, label: String) {
        guard enabled else { return }
        let width = 30
        let filled = min(width, done * width / total)
        Terminal.standardError.write("\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] \(done * 100 / total)% \(label)" + String(repeating: " ", count: 12))
    }

    func finish() {
        guard enabled else { return }
        Terminal.standardError.write("\r" + String(repeating: " ", count: 80) + "\r")
    }
}
