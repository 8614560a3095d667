import Foundation

/// A `lab` child process whose lines the parent waits for, each wait bounded: how the
/// starved-pool lesson watches a process that may never make progress again.
///
/// Lines arrive through Foundation's readability handler; a wait parks on a semaphore on a
/// dispatch thread, never on a thread of the cooperative pool.
// `process` is configured before `run()`, then only used through Foundation's thread-safe calls.
// @unchecked: `lines`, `pending` and `waiters` are guarded by `lock`.
final class LabChild: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []
    private var pending = Data()
    private var waiters: [(prefix: String, signal: DispatchSemaphore)] = []
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `lab` with `arguments`.
    init(_ arguments: [String]) throws {
        process.executableURL = try LabExecutable.url()
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            self?.append(data)
        }
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    /// The first line starting with `prefix`, if the child prints one within `limit`.
    func line(startingWith prefix: String, within limit: Duration) async -> String? {
        let signal = DispatchSemaphore(value: 0)
        let found = lock.withLock { () -> String? in
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
            waiters.append((prefix, signal))
            return nil
        }
        if let found { return found }
        guard await Self.wait(signal, limit) else { return nil }
        return lock.withLock { lines.first { $0.hasPrefix(prefix) } }
    }

    /// Kills the child at once.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// How the child ended, once it has (waited for without a bound: call after it printed its
    /// last line or was killed).
    func termination() async -> (reason: Process.TerminationReason, status: Int32) {
        _ = await Self.wait(exited, nil)
        return (process.terminationReason, process.terminationStatus)
    }

    /// Waits on `semaphore` on a dispatch thread, up to `limit` (forever when nil).
    private static func wait(_ semaphore: DispatchSemaphore, _ limit: Duration?) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let deadline: DispatchTime = limit.map { .now() + .nanoseconds(Int($0 / .nanoseconds(1))) } ?? .distantFuture
                continuation.resume(returning: semaphore.wait(timeout: deadline) == .success)
            }
        }
    }

    /// Cuts the byte stream into lines and wakes the waiters a new line satisfies.
    private func append(_ data: Data) {
        lock.withLock {
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                lines.append(line)
                for waiter in waiters where line.hasPrefix(waiter.prefix) { waiter.signal.signal() }
                waiters.removeAll { line.hasPrefix($0.prefix) }
            }
        }
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        kill()
    }
}

/// Where the `lab` executable is: this process if it is `lab`, else beside it or beside the test
/// bundle (`swift test` builds every product into one folder), or `LAB_EXECUTABLE`.
enum LabExecutable {
    static func url() throws -> URL {
        if let explicit = ProcessInfo.processInfo.environment["LAB_EXECUTABLE"] {
            return URL(fileURLWithPath: explicit)
        }
        var folders: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let url = URL(fileURLWithPath: executable)
            if url.lastPathComponent == "lab" { return url }
            folders.append(url.deletingLastPathComponent())
        }
        folders += Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map { $0.bundleURL.deletingLastPathComponent() }
        folders.append(Bundle.main.bundleURL)
        for folder in folders {
            let candidate = folder.appendingPathComponent("lab")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw NotFound(searched: folders.map(\.path))
    }

    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "the lab executable is not in \(searched.joined(separator: ", ")); build it (`swift build --product lab`) or set LAB_EXECUTABLE"
        }
    }
}
