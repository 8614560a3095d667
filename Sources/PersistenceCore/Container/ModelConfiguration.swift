import Foundation

/// Where a container keeps its data: in memory, or in a SQLite file; and whether it may write.
///
/// Both spellings work: ours (`.inMemory`, `.file(url)`, `init(location:…)`) and SwiftData's
/// (`ModelConfiguration(isStoredInMemoryOnly:allowsSave:)`, `ModelConfiguration(url:)`; see
/// ModelConfiguration+SwiftData.swift).
public struct ModelConfiguration: Sendable, Hashable {
    /// The two kinds of store.
    public enum Location: Sendable, Hashable {
        /// A private in-memory database, gone when the container is.
        case inMemory
        /// A SQLite file in WAL mode, created when missing.
        case file(URL)
    }

    /// Where the data lives.
    public var location: Location
    /// How long a write waits for a lock held by another process before failing with
    /// ``ModelError/storeBusy(_:)``.
    public var busyTimeout: Duration
    /// The most the store may hold, in bytes (rounded down to SQLite pages); nil for no limit
    /// but the disk's. A save that would grow it further throws ``ModelError/storeFull(_:)`` and
    /// writes nothing: how a full disk behaves, on purpose, for a cache that must stay small.
    public var maximumSize: Int?
    /// How many connections read beside the one writer, in a file store: fetches, counts and
    /// lookups take one and see the last committed state, never waiting for a save in progress
    /// (SQLite's WAL mode, as Core Data's connection pool since 2016). 0 makes every read share
    /// the writer's connection, so a read waits for the whole save in progress.
    ///
    /// An in-memory store has one connection, so 0 is its only value: SQLite cannot read an
    /// in-memory database beside a writer (its `memdb` sharing has no WAL).
    public var readers: Int
    /// Whether the store may be written: with `false`, every save, batch request and request for
    /// permanent identifiers throws ``ModelError/savesNotAllowed(_:)`` and writes nothing
    /// (SwiftData's `allowsSave`). The file is still opened for writing, and created if missing.
    public var allowsSave: Bool
    /// Whether every commit to a file store is recorded in persistent history (`History/`), and
    /// announced as ``ModelContainer/remoteChange``. Default true: SwiftData records history
    /// always; this is Core Data's `NSPersistentHistoryTrackingKey`, turned off to measure what
    /// history costs (the benchmarks' "History" pairs). An in-memory store records none either way.
    public var recordsHistory: Bool = true
    /// The configuration's name: SwiftData's default store is `default.store`.
    public var name: String
    /// The models this configuration's store holds, when given; nil for every model of the
    /// container (each must be one of the container's).
    public var schema: Schema?
    /// SwiftData's app-group setting; only `.automatic` and `.none` open here.
    public var groupContainer: GroupContainer
    /// SwiftData's CloudKit setting; only `.automatic` and `.none` open here.
    public var cloudKitDatabase: CloudKitDatabase

    /// The default number of ``readers`` of a file store.
    public static let defaultReaders = 4

    /// A configuration for a store at `location`.
    ///
    /// - Parameters:
    ///   - location: In memory, or a file.
    ///   - busyTimeout: How long a write waits for another process's lock.
    ///   - maximumSize: The most the store may hold, in bytes; nil for no limit.
    ///   - readers: Connections reading beside the writer; nil for the default:
    ///     ``defaultReaders`` for a file, 0 in memory.
    ///   - allowsSave: Whether the store may be written (see ``allowsSave``).
    public init(location: Location, busyTimeout: Duration = .seconds(5), maximumSize: Int? = nil, readers: Int? = nil,
                allowsSave: Bool = true) {
        self.location = location
        self.busyTimeout = busyTimeout
        self.maximumSize = maximumSize
        self.readers = readers ?? (location == .inMemory ? 0 : Self.defaultReaders)
        self.allowsSave = allowsSave
        self.name = "default"
        self.schema = nil
        self.groupContainer = .automatic
        self.cloudKitDatabase = .automatic
    }

    /// An in-memory store: the default for tests.
    public static var inMemory: ModelConfiguration { ModelConfiguration(location: .inMemory) }

    /// A file store at `url`: the default in `lab`. `readers: 0` makes reads share the writer's
    /// connection (see ``readers``).
    public static func file(_ url: URL, readers: Int = defaultReaders) -> ModelConfiguration {
        ModelConfiguration(location: .file(url), readers: readers)
    }

    /// Where the store lives, as SwiftData reports it: the file's URL, or `/dev/null` for a
    /// store in memory (SwiftData's `url` is never optional, and an in-memory configuration's is
    /// `/dev/null`).
    public var url: URL {
        fileURL ?? URL(fileURLWithPath: "/dev/null")
    }

    /// The file's URL, or nil for an in-memory store.
    public var fileURL: URL? {
        if case .file(let url) = location { url } else { nil }
    }
}
