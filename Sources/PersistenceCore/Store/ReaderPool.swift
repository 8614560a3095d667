import Foundation

/// The connections a file store reads with beside its writer.
///
/// In WAL mode SQLite lets any number of readers run while one connection writes: each read sees
/// the last committed state, and a save in progress never blocks it. This is what lets a main
/// context fetch while a background context saves a large import (Core Data's connection pool,
/// GRDB's `DatabasePool`). Connections are opened on demand, up to `capacity`; a read that finds
/// them all busy waits for one.
final class ReaderPool: Sendable {
    let capacity: Int
    private let url: URL
    private let busyTimeout: Duration
    private struct Connections {
        /// Opened and not lent out.
        var idle: [SQLiteConnection] = []
        /// How many are open, lent out or idle.
        var opened = 0
    }

    private let connections = Locked(Connections())

    init(url: URL, capacity: Int, busyTimeout: Duration) {
        self.url = url
        self.capacity = capacity
        self.busyTimeout = busyTimeout
    }

    /// Runs `body` with a reader no one else is using; it sees one committed state throughout.
    func withReader<T>(_ body: (SQLiteConnection) throws(ModelError) -> T) throws(ModelError) -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        defer { connection.finishReading() }
        return try body(connection)
    }

    /// A new read-only connection to the store at `url`.
    static func openReader(at url: URL, busyTimeout: Duration) throws(ModelError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: url.path, readOnly: true, create: false)
        connection.setBusyTimeout(busyTimeout)
        return connection
    }

    /// Closes the idle readers. The store calls it as it closes, before the writer: the last
    /// connection to close folds the write-ahead log back into the file and deletes it, which a
    /// read-only connection cannot do.
    func closeIdleReaders() {
        connections.withLock { $0.idle.removeAll() }
    }

    private func checkOut() throws(ModelError) -> SQLiteConnection {
        // Waits until a connection is idle or another may be opened; nil means open one.
        let lent = connections.withLock(when: { !$0.idle.isEmpty || $0.opened < capacity }) { connections -> SQLiteConnection? in
            if let connection = connections.idle.popLast() { return connection }
            connections.opened += 1
            return nil
        }
        if let lent { return lent }
        do {
            return try Self.openReader(at: url, busyTimeout: busyTimeout)
        } catch {
            connections.withLock { $0.opened -= 1 }
            throw error
        }
    }

    private func checkIn(_ connection: SQLiteConnection) {
        connections.withLock { $0.idle.append(connection) }
    }
}
