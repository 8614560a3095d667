import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a commit to a store file reaches every process that has the file open: the committing
/// connection touches the file's modification time, and each container watches for that.
///
/// Core Data on Apple platforms announces a commit with a Darwin notification; Linux has none, so
/// three ways were weighed here (and measured in `Benchmarks/`, target P11):
/// - polling SQLite's `PRAGMA data_version` costs a query per tick whether or not anyone wrote,
///   and the tick bounds the delay (10 ms of polling for a 10 ms delay);
/// - watching the write-ahead log with inotify wakes on every page a transaction writes, and can
///   wake before the commit is visible (SQLite updates its shared-memory index after writing the
///   log, and memory writes raise no inotify event), so a commit could go unannounced;
/// - touching the store file after the commit (`utimensat`, a few microseconds) raises one inotify
///   `IN_ATTRIB` per commit, after the commit is visible to every reader. That is the one used.
///
/// Only this library's writers touch the file, and only they record history: a commit that is
/// not announced has no history transaction to report either.
enum CommitAnnouncement {
    /// Announces a commit: called by the writer once the transaction is committed.
    static func announce(_ url: URL) {
        #if canImport(Glibc)
        _ = utimensat(AT_FDCWD, url.path, nil, 0)
        #else
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        #endif
    }
}

/// Listens for ``CommitAnnouncement``s on one store file, on a thread of its own that sleeps in
/// the kernel until one comes: nothing runs while nobody commits.
final class CommitListener: Sendable {
    private let url: URL
    /// Written to by ``stop()`` to wake the thread for good.
    private let stopPipe: (read: Int32, write: Int32)
    private let stopped = Locked(false)

    init(url: URL) throws(ModelError) {
        self.url = url
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .storeIOFailure(url, underlying: "could not make a pipe to stop its commit listener: errno \(errno)") }
        stopPipe = (fds[0], fds[1])
    }

    /// Starts the thread; `onAnnouncement` runs on it after each announcement (several that come
    /// together run it once).
    func start(_ onAnnouncement: @escaping @Sendable () -> Void) throws(ModelError) {
        #if canImport(Glibc)
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard watch >= 0 else { throw .storeIOFailure(url, underlying: "inotify_init1 failed: errno \(errno)") }
        // The directory, not the file: a watch on the file would not follow it if it were replaced.
        let directory = url.deletingLastPathComponent().path
        guard inotify_add_watch(watch, directory, UInt32(IN_ATTRIB)) >= 0 else {
            close(watch)
            throw .storeIOFailure(url, underlying: "inotify_add_watch on \(directory) failed: errno \(errno)")
        }
        let name = url.lastPathComponent
        let stopRead = stopPipe.read
        let thread = Thread {
            Self.listen(inotify: watch, stop: stopRead, fileName: name, onAnnouncement)
            close(watch)
            close(stopRead)
        }
        thread.name = "CommitListener \(name)"
        thread.start()
        #else
        throw .invalidConfiguration("remote-change notifications need Linux's inotify here")
        #endif
    }

    /// Stops the thread; safe to call more than once.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        close(stopPipe.write)
    }

    #if canImport(Glibc)
    /// Sleeps in `poll` until the directory reports a change of the store file's attributes, or
    /// the stop pipe is written.
    private static func listen(inotify: Int32, stop: Int32, fileName: String, _ onAnnouncement: @Sendable () -> Void) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            var announced = false
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                announced = announced || names(in: buffer, count: count).contains(fileName)
            }
            if announced { onAnnouncement() }
        }
    }

    /// The file names of the inotify events in the first `count` bytes of `buffer`.
    private static func names(in buffer: [UInt8], count: Int) -> [String] {
        var names: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
            let bytes = buffer[(offset + header)..<min(count, offset + header + length)]
            names.append(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
            offset += header + length
        }
        return names
    }
    #endif
}
