import Foundation
import Lessons

/// P11's other process is this very executable, started again by the benchmark with
/// ``variable`` naming a store: it then runs the widget-change lesson's writer (`WidgetWriter`)
/// on that store, one command per line, instead of any benchmark. So `swift package benchmark`
/// measures another process's commits with nothing built by hand.
enum WriterMode {
    /// Set to a store file's path: run as the writer of that store.
    static let variable = "CONCURRENCYLAB_BENCHMARK_WRITER_STORE"

    /// Runs the writer and ends the process, when this process was started as one; else returns.
    static func runIfAsked() {
        guard let store = ProcessInfo.processInfo.environment[variable] else { return }
        do {
            try WidgetWriter.run(store: URL(fileURLWithPath: store), input: { readLine() }) { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("the writer failed: \(error)\n".utf8))
            exit(1)
        }
    }

    /// This executable, to start again as the writer.
    static var executable: URL {
        get throws {
            guard let url = Bundle.main.executableURL else { throw Missing() }
            return url
        }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "this process cannot name its own executable, so P11's writer cannot start" }
    }
}
