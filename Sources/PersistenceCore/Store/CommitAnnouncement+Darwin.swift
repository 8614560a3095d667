#if canImport(Darwin)
import Darwin
import Foundation
// notify(3) is a module of its own in Apple's SDK: `Darwin` and `Foundation` do not bring it in.
import notify

extension CommitAnnouncement {
    /// Announces a commit: called by the writer once the transaction is committed. Posts the
    /// store file's Darwin notification, which every process registered for it receives.
    static func announce(_ url: URL) {
        _ = notify_post(notificationName(for: url))
    }

    /// The Darwin notification of one store file: its path, with symbolic links resolved, so that
    /// every process that opens the file by any path names it alike.
    static func notificationName(for url: URL) -> String {
        "org.concurrencylab.store-commit:" + url.resolvingSymlinksInPath().path
    }
}

/// Listens for ``CommitAnnouncement``s on store files: one notify(3) registration per registered
/// file, its handler run on one serial queue for the whole process. The system delivers nothing
/// while nobody commits; posts that arrive together may be coalesced into one delivery.
final class CommitListeners: Sendable {
    /// The process's listeners: notify(3) is on every Apple platform.
    static let shared: CommitListeners? = CommitListeners()

    /// Each registration's notify token, by the identifier `register` handed out.
    private struct State {
        var tokens: [UInt64: Int32] = [:]
        var nextIdentifier: UInt64 = 0
    }

    private let queue = DispatchQueue(label: "CommitListeners")
    private let state = Locked(State())

    /// Calls `onAnnouncement` on the listeners' queue after each commit announced on `url` (several
    /// that arrive together may call it once), until the returned registration is cancelled.
    func register(_ url: URL, _ onAnnouncement: @escaping @Sendable () -> Void) throws(ModelError) -> UInt64 {
        var token: Int32 = 0
        let status = notify_register_dispatch(CommitAnnouncement.notificationName(for: url), &token, queue) { _ in
            onAnnouncement()
        }
        guard status == UInt32(NOTIFY_STATUS_OK) else {
            throw .storeIOFailure(url, underlying: "notify_register_dispatch failed: status \(status)")
        }
        return state.withLock { state in
            state.nextIdentifier += 1
            state.tokens[state.nextIdentifier] = token
            return state.nextIdentifier
        }
    }

    /// Stops calling a registration's callback.
    func cancel(_ identifier: UInt64) {
        guard let token = state.withLock({ $0.tokens.removeValue(forKey: identifier) }) else { return }
        _ = notify_cancel(token)
    }
}
#endif
