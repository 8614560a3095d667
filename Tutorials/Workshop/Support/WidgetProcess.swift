import Foundation
import LabSupport
import PersistenceCore

/// The widget of the lesson widget-change, as a checker drives it: a real second process,
/// `lab widget-write <store>`, that writes the app's store (`Sources/Scenarios/WidgetChange/WidgetWriter.swift`).
///
/// It reads one command per line (`add <title>`, `rename <old>\t<new>`, `delete <title>`) and
/// answers each, once the change is committed, with `committed <token as JSON> <seconds since 1970>`.
/// Every wait is on a line the child prints, or on its end, and has a bound: nothing is timed.
///
/// The Workshop target does not depend on Scenarios, so the two lines the widget prints are
/// written here as well as in `WidgetWriter`; `LabTests` checks that they agree.
package struct WidgetProcess: Sendable {
    /// The first line the widget prints, once its container is open.
    package static let readyLine = "widget ready"
    /// The start of the line it prints after each commit.
    package static let committedPrefix = "committed "
    /// How long the widget gets to start, to answer each command and to exit (generous: a slow machine).
    static let answerLimit: Duration = .seconds(60)

    private let child: ChildProcess

    /// Starts `lab widget-write` on the store file at `store`, and waits until it has opened it.
    package init(store: URL) async throws {
        let lab = try BuiltProduct.url("lab", override: "LAB_EXECUTABLE")
        child = try ChildProcess(lab, ["widget-write", store.path])
        guard await child.nextLine(where: { $0 == Self.readyLine }, within: Self.answerLimit) != nil else {
            child.kill()
            throw Failure("the widget process (\(lab.path) widget-write) did not start: \(await child.finished().standardError)")
        }
    }

    /// Sends one command and waits for its commit: the token of the transaction it committed.
    package func run(_ command: String) async throws -> DefaultHistoryToken {
        child.send(command)
        guard let line = await child.nextLine(where: { $0.hasPrefix(Self.committedPrefix) }, within: Self.answerLimit),
              let token = Self.token(in: line)
        else {
            child.kill()
            throw Failure("the widget process did not commit \"\(command)\": \(await child.finished().standardError)")
        }
        return token
    }

    /// Ends its input, and waits for it to exit.
    package func finish() async throws {
        child.closeInput()
        guard let end = await child.termination(within: Self.answerLimit), !end.bySignal, end.status == 0 else {
            child.kill()
            throw Failure("the widget process did not exit cleanly")
        }
    }

    /// Stops it at once, if it still runs (after an error).
    package func kill() {
        child.kill()
    }

    /// The token of a `committed` line.
    package static func token(in line: String) -> DefaultHistoryToken? {
        let parts = line.dropFirst(committedPrefix.count).split(separator: " ")
        guard line.hasPrefix(committedPrefix), parts.count == 2 else { return nil }
        return try? JSONDecoder().decode(DefaultHistoryToken.self, from: Data(parts[0].utf8))
    }

    /// The widget did not do what it was asked.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
