import Foundation
// The core's one lock type, and nothing else of the core: the lab's support holds no persistence.
import class PersistenceCore.Locked

/// A process the lab starts: what it prints, line by line as it comes, and how it ended.
///
/// The one way the package starts a child process: the lessons (a `lab` that starves its own
/// pool), the snippet compiler, and the tests (a helper to kill mid-save, `lab` itself). A parent
/// synchronises with a child on what it prints (`locked`, `saved 3 4000`), never on time, and
/// every wait has a bound, so a child that never makes progress again cannot hang its parent.
///
/// Each pipe is read by a thread of its own, with blocking reads until its end: Foundation's
/// `readabilityHandler` on Linux lost the end of a short-lived child's output about one run in
/// seven (300 runs of `lab list`), which left a parent waiting for ever. A wait parks a dispatch
/// thread, never a thread of the cooperative pool, which may be what the child is showing starved.
///
/// > Warning: Call ``kill()`` or wait for ``termination(within:)`` before dropping a child you
/// > started: an instance that goes away kills its process.
// @unchecked: `process` and the pipes are configured in `init`, then only used through
// Foundation's thread-safe calls (`processIdentifier`, `write`, the reader threads' reads); the
// rest is `Locked`.
package final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    package struct Termination: Sendable, Equatable, CustomStringConvertible {
        /// True when a signal ended it; then `status` is the signal's number.
        package let bySignal: Bool
        /// Its exit status, or the signal that ended it.
        package let status: Int32

        package var description: String { bySignal ? "killed by signal \(status)" : "exited with status \(status)" }
    }

    /// Everything a finished child printed, and how it ended.
    package struct Finished: Sendable {
        package let termination: Termination
        package let standardOutput: String
        package let standardError: String

        /// The exit status (a signal's number if one ended it).
        package var status: Int32 { termination.status }
    }

    private struct State {
        var lines: [String] = []
        /// How many of `lines` the waits have handed out already.
        var consumed = 0
        var pendingOutput = Data()
        var standardError = Data()
        var outputEnded = false
        var errorEnded = false
        var termination: Termination?
        /// The output is complete: the process exited and both pipes reached their end.
        var isOver: Bool { termination != nil && outputEnded && errorEnded }
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let error = Pipe()
    private let state = Locked(State())

    /// Starts `executable` with `arguments`, in this process's environment changed by
    /// `environment` (a nil value removes a variable).
    package init(_ executable: URL, _ arguments: [String], environment: [String: String?] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        let (outputHandle, errorHandle) = (output.fileHandleForReading, error.fileHandleForReading)
        Thread.detachNewThread { [state] in
            while case let data = outputHandle.availableData, !data.isEmpty {
                state.withLock { Self.append(data, toOutput: &$0) }
            }
            state.withLock { Self.append(Data(), toOutput: &$0) }  // the end
        }
        Thread.detachNewThread { [state] in
            while case let data = errorHandle.availableData, !data.isEmpty {
                state.withLock { $0.standardError.append(data) }
            }
            state.withLock { $0.errorEnded = true }
        }
        process.terminationHandler = { [state] process in
            let ended = Termination(bySignal: process.terminationReason == .uncaughtSignal, status: process.terminationStatus)
            state.withLock { $0.termination = ended }
        }
        try process.run()
    }

    /// Runs `executable` to its end and returns what it printed; kills it if it runs past `limit`.
    package static func run(_ executable: URL, _ arguments: [String], environment: [String: String?] = [:],
                            within limit: Duration = .seconds(600)) async throws -> Finished {
        let child = try ChildProcess(executable, arguments, environment: environment)
        child.closeInput()
        if await child.termination(within: limit) == nil {
            child.kill()
        }
        return await child.finished()
    }

    /// The child's process identifier.
    package var pid: pid_t { process.processIdentifier }

    /// Sends `text` and a newline to the child's standard input.
    package func send(_ text: String) {
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
    }

    /// Ends the child's standard input: a child that reads it sees the end of file.
    package func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Kills the child at once: no cleanup, no flush, as a crash or a power cut would.
    package func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// The next line the child prints that satisfies `isWanted`, skipping the lines before it; nil
    /// if its output ends first, or `limit` passes first (no limit: until the output ends).
    package func nextLine(where isWanted: @escaping @Sendable (String) -> Bool,
                          within limit: Duration? = nil) async -> String? {
        await waitOnDispatchThread(within: limit, until: { state in
            state.lines[state.consumed...].contains(where: isWanted) || state.outputEnded
        }) { state -> String? in
            guard let index = state.lines[state.consumed...].firstIndex(where: isWanted) else {
                state.consumed = state.lines.count
                return nil
            }
            state.consumed = index + 1
            return state.lines[index]
        } ?? nil
    }

    /// How the child ended, once it has and its output is complete; nil if `limit` passes first
    /// (no limit: wait as long as it takes — call it after the child's last line, or `kill()`).
    package func termination(within limit: Duration? = nil) async -> Termination? {
        await waitOnDispatchThread(within: limit, until: \.isOver) { $0.termination } ?? nil
    }

    /// Waits until `isReady` holds for the state, up to `limit`, then runs `body` with it; nil if
    /// `limit` passed first. The wait parks a dispatch thread, never one of the cooperative pool.
    private func waitOnDispatchThread<T: Sendable>(
        within limit: Duration?, until isReady: @escaping @Sendable (State) -> Bool,
        _ body: @escaping @Sendable (inout State) -> T
    ) async -> T? {
        await DispatchQueue.global().asyncAndAwait { [state] in
            guard let limit else { return state.withLock(when: isReady, body) }
            return state.withLock(when: isReady, deadline: Date(timeIntervalSinceNow: limit.seconds), body)
        }
    }

    /// Everything the child printed, once it ended.
    package func finished() async -> Finished {
        let termination = await termination()!
        return state.withLock { state in
            var lines = state.lines
            if !state.pendingOutput.isEmpty { lines.append(String(decoding: state.pendingOutput, as: UTF8.self)) }
            let output = lines.map { $0 + "\n" }.joined()
            return Finished(termination: termination, standardOutput: output,
                            standardError: String(decoding: state.standardError, as: UTF8.self))
        }
    }

    /// Cuts the standard output into lines; an empty `data` is its end.
    private static func append(_ data: Data, toOutput state: inout State) {
        guard !data.isEmpty else {
            if !state.pendingOutput.isEmpty {
                state.lines.append(String(decoding: state.pendingOutput, as: UTF8.self))
                state.pendingOutput.removeAll()
            }
            state.outputEnded = true
            return
        }
        state.pendingOutput.append(data)
        while let newline = state.pendingOutput.firstIndex(of: UInt8(ascii: "\n")) {
            state.lines.append(String(decoding: state.pendingOutput[state.pendingOutput.startIndex..<newline], as: UTF8.self))
            state.pendingOutput.removeSubrange(state.pendingOutput.startIndex...newline)
        }
    }

    deinit {
        kill()
    }
}

extension Duration {
    /// The duration in seconds, for Foundation's dates.
    fileprivate var seconds: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
