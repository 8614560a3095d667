import Foundation

/// A child process whose standard output arrives as an async sequence of lines.
///
/// Tests synchronise with a child on what it prints (`locked`, `saved 3 4000`), never on time.
/// Lines are read by Foundation's readability handler on a dispatch queue, so waiting for one
/// suspends the test without blocking a thread of the cooperative pool.
// @unchecked: `process` and the pipes are configured before `run()` and afterwards only used
// through Foundation's thread-safe calls (`processIdentifier`, `write`, the termination handler).
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let exit = Gate()
    /// Every line the child writes to standard output, in order; finishes at end of file.
    let lines: AsyncStream<String>

    /// Starts `executable` with `arguments`.
    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        let (lines, continuation) = AsyncStream<String>.makeStream()
        self.lines = lines
        let buffer = LineBuffer(continuation)
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }  // end of file: stop being called
            buffer.append(data)
        }
        process.terminationHandler = { [exit] _ in exit.signal() }
        try process.run()
    }

    /// The child's process identifier.
    var pid: pid_t { process.processIdentifier }

    /// Sends `text` and a newline to the child's standard input.
    func send(_ text: String) {
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
    }

    /// Kills the child at once: no cleanup, no flush, as a crash or a power cut would.
    func killNow() {
        kill(pid, SIGKILL)
    }

    /// Waits for the child to end; returns how it ended.
    func termination() async -> (reason: Process.TerminationReason, status: Int32) {
        await exit.wait()
        return (process.terminationReason, process.terminationStatus)
    }

    /// The first line that satisfies `isWanted`, or nil if the child's output ends first.
    func firstLine(where isWanted: (String) -> Bool) async -> String? {
        for await line in lines where isWanted(line) {
            return line
        }
        return nil
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Cuts a byte stream into lines; called on the readability handler's queue, one call at a time.
// @unchecked: `pending` is only touched by `append`, which Foundation calls serially.
private final class LineBuffer: @unchecked Sendable {
    private var pending = Data()
    private let continuation: AsyncStream<String>.Continuation

    init(_ continuation: AsyncStream<String>.Continuation) {
        self.continuation = continuation
    }

    func append(_ data: Data) {
        guard !data.isEmpty else {
            if !pending.isEmpty { continuation.yield(String(decoding: pending, as: UTF8.self)) }
            continuation.finish()
            return
        }
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...newline)
        }
    }
}
