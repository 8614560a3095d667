#if os(Linux)
import Foundation
import Glibc

extension CommitAnnouncement {
    /// Announces a commit: called by the writer once the transaction is committed. Touching the
    /// file's times raises `IN_ATTRIB` for every watcher of its folder.
    static func announce(_ url: URL) {
        _ = utimensat(AT_FDCWD, url.path, nil, 0)
    }
}

/// Listens for ``CommitAnnouncement``s on store files: one inotify instance and one thread for
/// the whole process, asleep in the kernel until a commit is announced, so nothing runs while
/// nobody commits. (An instance per container would run into Linux's limit of 128 inotify
/// instances per user, and a thread each.)
final class CommitListeners: Sendable {
    /// The process's listeners; nil where inotify is unavailable (then no container posts
    /// ``ModelContainer/remoteChange``, and history works as before).
    static let shared: CommitListeners? = CommitListeners()

    /// What is listened to: each watched folder's watch descriptor, how many registrations use
    /// it, and each registration's file name and callback.
    private struct State {
        var folders: [String: (watch: Int32, users: Int)] = [:]
        var registrations: [UInt64: (watch: Int32, fileName: String, onAnnouncement: @Sendable () -> Void)] = [:]
        var nextIdentifier: UInt64 = 0
    }

    private let inotify: Int32
    private let state = Locked(State())

    private init?() {
        inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else { return nil }
        let thread = Thread { [self] in listen() }
        thread.name = "CommitListeners"
        thread.start()
    }

    /// Calls `onAnnouncement` on the listeners' thread after each commit announced on `url` (several
    /// that arrive together call it once), until the returned registration is cancelled.
    func register(_ url: URL, _ onAnnouncement: @escaping @Sendable () -> Void) throws(ModelError) -> UInt64 {
        // The folder, not the file: a watch on the file would not follow it if it were replaced.
        let folder = url.deletingLastPathComponent().path
        return try state.withLock { (state) throws(ModelError) -> UInt64 in
            var watch = state.folders[folder]?.watch ?? -1
            if watch < 0 {
                watch = inotify_add_watch(inotify, folder, UInt32(IN_ATTRIB))
                guard watch >= 0 else { throw .storeIOFailure(url, underlying: "inotify_add_watch on \(folder) failed: errno \(errno)") }
            }
            state.folders[folder] = (watch, (state.folders[folder]?.users ?? 0) + 1)
            state.nextIdentifier += 1
            state.registrations[state.nextIdentifier] = (watch, url.lastPathComponent, onAnnouncement)
            return state.nextIdentifier
        }
    }

    /// Stops calling a registration's callback; the folder's watch goes with its last registration.
    func cancel(_ identifier: UInt64) {
        state.withLock { state in
            guard let registration = state.registrations.removeValue(forKey: identifier),
                  let (folder, entry) = state.folders.first(where: { $0.value.watch == registration.watch })
            else { return }
            if entry.users > 1 {
                state.folders[folder] = (entry.watch, entry.users - 1)
            } else {
                state.folders[folder] = nil
                _ = inotify_rm_watch(inotify, entry.watch)
            }
        }
    }

    /// Reads inotify's events for good: each read blocks until a batch arrives; the callbacks of
    /// the files named in it run once each, outside the lock.
    private func listen() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if errno == EINTR { continue }
                return
            }
            let events = Self.events(in: buffer, count: count)
            let callbacks = state.withLock { state in
                state.registrations.values.filter { registration in
                    events.contains { $0.watch == registration.watch && $0.name == registration.fileName }
                }.map(\.onAnnouncement)
            }
            for callback in callbacks { callback() }
        }
    }

    /// The watch descriptor and file name of each inotify event in the first `count` bytes of `buffer`.
    private static func events(in buffer: [UInt8], count: Int) -> [(watch: Int32, name: String)] {
        var events: [(watch: Int32, name: String)] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, length) = buffer.withUnsafeBytes {
                ($0.loadUnaligned(fromByteOffset: offset, as: Int32.self), Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let bytes = buffer[(offset + header)..<min(count, offset + header + length)]
            events.append((watch, String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)))
            offset += header + length
        }
        return events
    }
}
#endif
