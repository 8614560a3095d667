import Foundation

/// The store files this process has open through SQLite, so that nothing else in it opens and
/// closes a descriptor of theirs.
///
/// On POSIX systems, closing *any* descriptor of a file drops every lock the process holds on it,
/// SQLite's included ("How To Corrupt An SQLite Database File", sqlite.org/howtocorrupt.html,
/// 2.2). SQLite's own connections share their descriptors and never do it; but reading a store's
/// header with a file handle of our own, while another container of this process has the store
/// open, would: another process's writer could then checkpoint the write-ahead log under our
/// readers, and the next open finds a short page ("unable to get the page", SQLite error 522), as
/// the lesson widget-change did under ThreadSanitizer's slower schedule.
package enum OpenStoreFiles {
    /// How many SQLite connections have each file open, by standardized path (`SQLiteConnection`
    /// counts itself in as it opens and out once closed).
    private static let counts = Locked<[String: Int]>([:])

    /// Whether a connection of this process has `url` open.
    static func contains(_ url: URL) -> Bool {
        counts.withLock { $0[key(url)] != nil }
    }

    /// Notes that a connection opened `url`.
    static func opened(_ url: URL) {
        counts.withLock { $0[key(url), default: 0] += 1 }
    }

    /// Notes that a connection closed `url`.
    static func closed(_ url: URL) {
        counts.withLock { counts in
            let key = key(url)
            if let count = counts[key], count > 1 { counts[key] = count - 1 } else { counts[key] = nil }
        }
    }

    /// Waits until no connection of this process has `url` open, at most `seconds`; false if one
    /// still has. A released container closes its store where its last reference goes, which may
    /// be the commit listeners' thread, posting its `remoteChange` a moment after the code that
    /// made it is done: code that reads the file's bytes next waits here first.
    package static func waitUntilClosed(_ url: URL, seconds: TimeInterval = 10) -> Bool {
        let key = key(url)
        return counts.withLock(when: { $0[key] == nil }, deadline: Date(timeIntervalSinceNow: seconds)) { _ in true } ?? false
    }

    private static func key(_ url: URL) -> String { url.standardizedFileURL.resolvingSymlinksInPath().path }
}
