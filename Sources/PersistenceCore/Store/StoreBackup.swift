/// A store file's committed state, copied aside with SQLite's online backup, so that a failed
/// migration puts the file back exactly as it was: what makes a custom migration stage, which
/// commits through contexts of its own, all or nothing.
///
/// The backup API copies page by page under SQLite's locks, so other connections may keep the
/// file open meanwhile (another container of the process, a widget's).
final class StoreBackup {
    private let copy: SQLiteConnection
    private let path: String
    private let busyTimeout: Duration

    /// Copies the store at `path` into memory.
    init(of path: String, busyTimeout: Duration) throws(ModelError) {
        self.path = path
        self.busyTimeout = busyTimeout
        copy = try SQLiteConnection(path: ":memory:")
        let store = try SQLiteConnection(path: path, create: false)
        store.setBusyTimeout(busyTimeout)
        try Self.transfer(from: store, to: copy)
    }

    /// Writes the copy back over the store.
    func restore() throws(ModelError) {
        let store = try SQLiteConnection(path: path, create: false)
        store.setBusyTimeout(busyTimeout)
        try Self.transfer(from: copy, to: store)
    }

    /// Every page of `source` into `destination` (`SQLite/SQLiteConnection+Backup.swift`).
    private static func transfer(from source: SQLiteConnection, to destination: SQLiteConnection) throws(ModelError) {
        try destination.copyPages(from: source)
    }
}
