import Foundation

/// Where a container keeps its data: in memory, or in a SQLite file.
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

    public init(location: Location, busyTimeout: Duration = .seconds(5), maximumSize: Int? = nil) {
        self.location = location
        self.busyTimeout = busyTimeout
        self.maximumSize = maximumSize
    }

    /// An in-memory store: the default for tests.
    public static var inMemory: ModelConfiguration { ModelConfiguration(location: .inMemory) }

    /// A file store at `url`: the default in `lab`.
    public static func file(_ url: URL) -> ModelConfiguration { ModelConfiguration(location: .file(url)) }

    /// The file's URL, or nil for an in-memory store.
    public var url: URL? {
        if case .file(let url) = location { url } else { nil }
    }
}
