/// A read transaction held open so that every read of one context sees the same committed state:
/// how a context pinned to a query generation (``QueryGeneration/current``) reads.
///
/// SQLite's WAL keeps the state a read transaction started with for as long as it stays open,
/// whatever the writer commits meanwhile; Core Data's query generations rest on the same
/// mechanism ("Accessing data when the store has changed", Apple's Core Data documentation).
/// The snapshot has a connection of its own, so pinned contexts never use up the reader pool.
/// While it is open, SQLite cannot fold the write-ahead log back past it: pin for a screen's
/// lifetime, not for the app's.
///
/// Used only on its context's queue, like the context's other state.
final class PinnedSnapshot {
    private let connection: SQLiteConnection

    /// Opens a connection and starts its read transaction at the last committed state.
    init(connection: SQLiteConnection) throws(ModelError) {
        self.connection = connection
        try connection.execute("BEGIN")
        // BEGIN starts no snapshot by itself: the first read does.
        _ = try connection.rows("SELECT COUNT(*) FROM Z_METADATA")
        connection.finishReading()
    }

    /// Runs `body` on the snapshot's connection.
    func read<T>(_ body: (SQLiteConnection) throws(ModelError) -> T) throws(ModelError) -> T {
        defer { connection.finishReading() }
        return try body(connection)
    }

    deinit {
        try? connection.execute("ROLLBACK")
    }
}
