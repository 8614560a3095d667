import Foundation

extension ModelContainer {
    /// Posted after each commit to this container's store file, by any container in any process,
    /// this one included: SwiftData's `ModelContainer.remoteChange`, Core Data's
    /// `NSPersistentStoreRemoteChange`.
    ///
    /// `object` is the container; `userInfo` reads as ``RemoteChange`` (the store's URL and
    /// identifier, and the token of the newest transaction). It is posted on a private thread, as
    /// Core Data posts it: move to your context's queue before touching models.
    ///
    /// It is posted for the container's own commits too: Core Data's option for it "posts a remote
    /// change notification for every write to the store, including writes by other processes"
    /// (`NSPersistentStoreRemoteChangeNotificationPostOptionKey`). Tell them apart by author in the
    /// history. Several commits that land together may be posted once, with the newest token.
    /// In-memory stores post nothing: no other process can open them.
    public static let remoteChange = Notification.Name("ModelContainerRemoteChange")

    /// Whether this container posts ``remoteChange``: true for a file store that records history,
    /// on a system that announces commits (inotify on Linux, notify(3) on Apple platforms); false
    /// in memory, with `recordsHistory: false`, or where neither is available. Code that waits for
    /// a notification checks it first.
    public var postsRemoteChanges: Bool { remoteChangeMonitor?.isListening ?? false }

    /// What a ``remoteChange`` notification carries, under Core Data's keys.
    public struct RemoteChange: Sendable, Hashable {
        /// The store file.
        public let storeURL: URL
        /// The store's identifier (`NSStoreUUIDKey`).
        public let storeIdentifier: String
        /// The token of the newest transaction when the notification was posted (`NSPersistentHistoryTokenKey`).
        public let historyToken: DefaultHistoryToken

        /// The keys of the notification's `userInfo`, Core Data's names.
        public enum Key {
            public static let storeURL = "storeURL"
            public static let storeIdentifier = "NSStoreUUID"
            public static let historyToken = "historyToken"
        }

        /// Reads a ``ModelContainer/remoteChange`` notification; nil for any other.
        public init?(notification: Notification) {
            guard notification.name == ModelContainer.remoteChange, let userInfo = notification.userInfo,
                  let storeURL = userInfo[Key.storeURL] as? URL,
                  let storeIdentifier = userInfo[Key.storeIdentifier] as? String,
                  let historyToken = userInfo[Key.historyToken] as? DefaultHistoryToken
            else { return nil }
            self.storeURL = storeURL
            self.storeIdentifier = storeIdentifier
            self.historyToken = historyToken
        }

        init(storeURL: URL, historyToken: DefaultHistoryToken) {
            self.storeURL = storeURL
            self.storeIdentifier = historyToken.storeIdentifier
            self.historyToken = historyToken
        }

        var userInfo: [AnyHashable: Any] {
            [Key.storeURL: storeURL, Key.storeIdentifier: storeIdentifier, Key.historyToken: historyToken]
        }
    }
}

/// Turns a store file's commit announcements into ``ModelContainer/remoteChange`` notifications
/// for one container: on each, it reads the newest transaction's token and posts if it is new.
final class RemoteChangeMonitor: Sendable {
    private let url: URL
    private let storeIdentifier: String
    private let busyTimeout: Duration
    /// The listeners' connection, the newest token posted, and whether the container closed; the
    /// listeners' thread uses them, and ``stop()`` once.
    private let state: Locked<(reader: SQLiteConnection?, newest: Int64, stopped: Bool)>
    /// The registration with ``CommitListeners``, while listening.
    private let registration = Locked<UInt64?>(nil)

    /// Names a changed row by its `Z_ENT` and `Z_PK`: what a trace's remote-change event lists.
    private let identify: @Sendable (_ entity: Int64, _ primaryKey: Int64) -> PersistentIdentifier?

    init(url: URL, storeIdentifier: UUID, busyTimeout: Duration, newest: Int64,
         identify: @escaping @Sendable (_ entity: Int64, _ primaryKey: Int64) -> PersistentIdentifier?) {
        self.url = url
        self.storeIdentifier = storeIdentifier.uuidString
        self.busyTimeout = busyTimeout
        self.state = Locked((nil, newest, false))
        self.identify = identify
    }

    /// Whether ``start(_:)`` registered: false where the system announces no commits.
    var isListening: Bool { registration.withLock { $0 != nil } }

    /// Starts listening; `post` runs on the listeners' thread for each new newest token, with the
    /// token values the notification stands for and, while a trace records, what other processes'
    /// transactions among them changed. Where the system announces no commits, nothing is posted.
    func start(_ post: @escaping @Sendable (ModelContainer.RemoteChange, _ tokens: ClosedRange<Int64>,
                                            _ changedElsewhere: [PersistentIdentifier]) -> Void) throws(ModelError) {
        guard let listeners = CommitListeners.shared else { return }
        let identifier = try listeners.register(url) { [self] in
            guard let (previous, newest, elsewhere) = newestUnposted() else { return }
            post(ModelContainer.RemoteChange(storeURL: url, historyToken: DefaultHistoryToken(storeIdentifier: storeIdentifier, value: newest)),
                 (previous + 1)...newest, elsewhere)
        }
        registration.withLock { $0 = identifier }
    }

    /// Stops listening and closes the connection, waiting for a check in progress: the container
    /// calls it as it closes, before its store, so that the store's writer is the file's last
    /// connection and folds the write-ahead log back into it.
    func stop() {
        if let identifier = registration.withLock({ $0 }) { CommitListeners.shared?.cancel(identifier) }
        state.withLock { state in
            state.stopped = true
            state.reader = nil
        }
    }

    /// The last token value posted and the newest transaction's, if that is newer; and while a
    /// trace records, what other processes changed in between, read with the same connection
    /// (under the lock ``stop()`` waits for: the read never outlives the container).
    private func newestUnposted() -> (previous: Int64, newest: Int64, changedElsewhere: [PersistentIdentifier])? {
        state.withLock { state -> (previous: Int64, newest: Int64, changedElsewhere: [PersistentIdentifier])? in
            guard !state.stopped else { return nil }
            do {
                if state.reader == nil { state.reader = try ReaderPool.openReader(at: url, busyTimeout: busyTimeout) }
                guard let reader = state.reader else { return nil }
                let newest = try HistoryTables.newestToken(in: reader)
                guard newest > state.newest else { return nil }
                defer { state.newest = newest }
                let elsewhere = TraceRecorder.isRecording
                    ? (try? HistoryTables.changesByOtherProcesses(after: state.newest, through: newest, in: reader, identify: identify)) ?? []
                    : []
                return (state.newest, newest, elsewhere)
            } catch {
                state.reader = nil  // the file may be gone or busy: try afresh at the next announcement
                return nil
            }
        }
    }
}
