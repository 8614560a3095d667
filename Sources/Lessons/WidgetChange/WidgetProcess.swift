import Foundation
import LabSupport
import PersistenceCore

/// The widget of the lesson widget-change, as the lesson and its workshop checker drive it: a
/// real second process, `lesson-helper widget-change <store>`, that writes the app's store (``WidgetWriter``).
///
/// It reads one command per line (`add <title>`, `rename <old>\t<new>`, `delete <title>`, `burst <n>`)
/// and answers each, once the change is committed, with `committed <token as JSON> <seconds since 1970>`.
/// Every wait is on a line the child prints, or on its end, and has a bound: nothing is timed.
/// The benchmarks drive their own writer with it (their executable, started again as the writer).
public struct WidgetProcess: Sendable {
    /// How long the widget gets to start, to answer each command and to exit (generous: a slow machine).
    static let answerLimit: Duration = .seconds(60)

    private let child: ChildProcess
    /// Its lane in a trace: each command from the moment the app sent it to the widget's answer
    /// that it committed.
    package static let lane = "widget process"

    /// Starts the widget on the store file at `store`, and waits until it has opened it.
    package init(store: URL) async throws {
        try await self.init(WidgetChange.startSecondProcess([store.path]))
    }

    /// Starts `executable` with `arguments` (and `environment` over this process's), a program
    /// that speaks ``WidgetWriter``'s protocol, and waits until it says it is ready.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String?] = [:]) async throws {
        try await self.init(ChildProcess(executable, arguments, environment: environment))
    }

    /// Waits until the widget `child` says it is ready.
    private init(_ child: ChildProcess) async throws {
        self.child = child
        guard await child.nextLine(where: { $0 == WidgetWriter.readyLine }, within: Self.answerLimit) != nil else {
            child.kill()
            throw Failure("the widget process (\(child.pid)) did not start: \(await child.finished().standardError)")
        }
    }

    /// Sends one command and waits for its commit: the token of the transaction it committed,
    /// and when its save began.
    public func run(_ command: String) async throws -> (token: DefaultHistoryToken, began: Date) {
        let sent = ContinuousClock.now
        defer {
            TraceRecorder.span(command.replacingOccurrences(of: "\t", with: " → "), on: Self.lane, from: sent, to: .now)
        }
        child.send(command)
        guard let line = await child.nextLine(where: { $0.hasPrefix(WidgetWriter.committedPrefix) }, within: Self.answerLimit),
              let commit = WidgetWriter.commit(in: line)
        else {
            child.kill()
            throw Failure("the widget process did not commit \"\(command)\": \(await child.finished().standardError)")
        }
        return (commit.token, commit.at)
    }

    /// Ends its input, and waits for it to exit.
    public func finish() async throws {
        child.closeInput()
        guard let end = await child.termination(within: Self.answerLimit), !end.bySignal, end.status == 0 else {
            child.kill()
            throw Failure("the widget process did not exit cleanly")
        }
    }

    /// Stops it at once, if it still runs (after an error).
    public func kill() {
        child.kill()
    }

    /// The widget did not do what it was asked.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        package init(_ description: String) { self.description = description }
    }
}
