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
    /// Guards `idle` and `opened`; an `NSCondition` (a pthread mutex) so that ThreadSanitizer sees it.
    private let condition = NSCondition()
    nonisolated(unsafe) private var idle: [SQLiteConnection] = []  // guarded by `condition`
    nonisolated(unsafe) private var opened = 0  // guarded by `condition`

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
        condition.lock()
        idle.removeAll()
        condition.unlock()
    }

    private func checkOut() throws(ModelError) -> SQLiteConnection {
        condition.lock()
        while idle.isEmpty && opened == capacity { condition.wait() }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        opened += 1
        condition.unlock()
        do {
            return try Self.openReader(at: url, busyTimeout: busyTimeout)
        } catch {
            condition.lock()
            opened -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: SQLiteConnection) {
        condition.lock()
        idle.append(connection)
        condition.signal()
        condition.unlock()
    }
}
