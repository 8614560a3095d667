import CSQLite
import Foundation
import Synchronization

/// The store coordinator: one writer connection, and the readers beside it.
///
/// Core Data puts an `NSPersistentStoreCoordinator` between its contexts and the file; this is
/// ours. Writes are serialized on the writer (one transaction at a time), which is what makes a
/// save all or nothing and optimistic locking sound. File stores run in WAL mode, and reads take
/// a connection from the ``ReaderPool``, so they never wait for a save; with no readers
/// (`ModelConfiguration.readers == 0`, and always in memory) they share the writer and wait.
final class SQLiteStore: Sendable {
    /// The entities this store holds.
    let schema: Schema
    /// The store's `Z_UUID`: part of every identifier's URI.
    let storeIdentifier: UUID
    /// The file, or nil in memory.
    let url: URL?
    /// The SQL of each entity, in schema order (`Schema.entities`: sorted by entity name, as Core
    /// Data numbers them), so entity number `n`'s is at index `n - 1`.
    let entitySQL: [EntitySQL]

    /// The writer connection, used by one caller at a time (`withConnection`).
    private let connection: Locked<SQLiteConnection>
    /// How long a connection waits for another's lock (``ModelConfiguration/busyTimeout``).
    private let busyTimeout: Duration
    /// Whether ``write(_:afterCommit:)`` may run (``ModelConfiguration/allowsSave``).
    private let allowsSave: Bool
    /// The readers beside the writer; nil when reads share the writer's connection.
    private let readers: ReaderPool?
    /// Whether commits are recorded in history: file stores only (`History/HistoryTables.swift`).
    let recordsHistory: Bool
    /// The newest history transaction's token value when the store was opened (0 for none).
    let newestHistoryTokenAtOpen: Int64
    /// The history transactions this store's writes committed (token values), until the listener
    /// of commits has passed them (``takeOwnTransactions(through:)``), and the one under way;
    /// kept only while someone listens (``tracksOwnTransactions``), which is what prunes them.
    private let ownTransactions = Locked<(tracking: Bool, pending: Int64?, committed: Set<Int64>)>((false, nil, []))

    /// Whether this store counts its own history transactions: while its container listens for
    /// commits (``ModelContainer/postsRemoteChanges``), whose announcements hand them back.
    var tracksOwnTransactions: Bool {
        get { ownTransactions.withLock { $0.tracking } }
        set {
            ownTransactions.withLock { own in
                own.tracking = newValue
                if !newValue { own.committed = [] }
            }
        }
    }

    /// Opens or creates the store; a bad file is reported before anything is written to it.
    init(configuration: ModelConfiguration, schema: Schema, migrationPlanVersions: [Schema]? = nil) throws(ModelError) {
        self.schema = schema
        self.url = configuration.fileURL
        self.busyTimeout = configuration.busyTimeout
        self.allowsSave = configuration.allowsSave
        guard configuration.readers >= 0 else {
            throw .invalidConfiguration("readers is \(configuration.readers); it counts connections, so it is 0 or more")
        }
        if configuration.fileURL == nil && configuration.readers > 0 {
            throw .invalidConfiguration("an in-memory store has one connection, so readers must be 0 (SQLite cannot read an in-memory database beside a writer); use a file store for readers")
        }
        let connection: SQLiteConnection
        let storeIdentifier: UUID
        if let url = configuration.fileURL {
            try StoreFileValidator.validate(url)
            do {
                connection = try SQLiteConnection(path: url.path)
                connection.setBusyTimeout(configuration.busyTimeout)
                try StoreFileValidator.checkIntegrity(connection, url: url)
                // Only a file that is (or just became) our store is switched to WAL mode.
                storeIdentifier = try StoreSchema.install(schema, in: connection, url: url, rules: StoreSchema.MigrationRules(
                    planVersions: migrationPlanVersions, allowsSave: configuration.allowsSave))
                try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
                // Stores made before history existed get its tables the first time they are opened to write.
                if configuration.allowsSave { try connection.execute(HistoryTables.createSQL) }
                try connection.limitSize(to: configuration.maximumSize)
            } catch {
                throw error.explained(for: url, opening: true)
            }
        } else {
            do {
                connection = try SQLiteConnection(path: ":memory:")
                storeIdentifier = try StoreSchema.install(schema, in: connection, url: nil)
                try connection.limitSize(to: configuration.maximumSize)
            } catch {
                throw error.explained(for: nil, opening: true)
            }
        }
        self.storeIdentifier = storeIdentifier
        self.entitySQL = schema.entities.map { entity in
            EntitySQL(entity: entity, in: schema, storeIdentifier: storeIdentifier)
        }
        self.connection = Locked(connection)
        self.recordsHistory = configuration.fileURL != nil && configuration.recordsHistory
            && (try? connection.rows("SELECT 1 FROM sqlite_master WHERE name = 'ATRANSACTION'"))?.isEmpty == false
        self.newestHistoryTokenAtOpen = recordsHistory ? (try? HistoryTables.newestToken(in: connection)) ?? 0 : 0
        self.readers = configuration.fileURL.flatMap { url in
            configuration.readers > 0 ? ReaderPool(url: url, capacity: configuration.readers, busyTimeout: configuration.busyTimeout) : nil
        }
    }

    deinit {
        // Readers first: the writer, closing last, checkpoints the log and deletes it.
        readers?.closeIdleReaders()
    }

    /// Whether reads have connections of their own, beside the writer.
    var hasReaders: Bool { readers != nil }

    /// How many reads ``read(pinnedTo:_:)`` has run (see ``ModelContainer/readCount``).
    let readCount = Atomic<Int>(0)

    /// Runs `body` with a connection for reads: `snapshot`'s if the caller is pinned to one,
    /// else a reader from the pool, else the writer's.
    func read<T>(pinnedTo snapshot: PinnedSnapshot? = nil, _ body: (SQLiteConnection) throws(ModelError) -> T) throws(ModelError) -> T {
        ExplorationSeam.willAccess(.storeRead(ObjectIdentifier(self)))
        readCount.add(1, ordering: .relaxed)
        do {
            if let snapshot { return try snapshot.read(body) }
            if let readers { return try readers.withReader(body) }
        } catch {
            throw error.explained(for: url)
        }
        return try withConnection(body)
    }

    /// A read transaction held open at the last committed state, for a context pinned to a
    /// query generation; nil for an in-memory store, where a pinned context reads unpinned (as
    /// Core Data's contexts do on a store without WAL).
    func pinSnapshot() throws(ModelError) -> PinnedSnapshot? {
        guard let url else { return nil }
        do {
            // A connection of its own, not the pool's: pinned contexts never use up the readers.
            return try PinnedSnapshot(connection: ReaderPool.openReader(at: url, busyTimeout: busyTimeout))
        } catch {
            throw error.explained(for: url)
        }
    }

    /// Runs `body` in one write transaction: all of it is committed, or none of it.
    ///
    /// `afterCommit` runs once the transaction is committed, still holding the connection, so
    /// what it publishes is in commit order. Every write of the store comes through here (saves,
    /// batch requests, permanent identifiers), so here is where `allowsSave: false` refuses them.
    func write<T: Sendable>(
        _ body: (SQLiteConnection) throws(ModelError) -> T,
        afterCommit: (T) -> Void = { _ in }
    ) throws(ModelError) -> T {
        guard allowsSave else { throw .savesNotAllowed(url) }
        ExplorationSeam.willAccess(.storeCommit(ObjectIdentifier(self)))
        return try withConnection { (connection) throws(ModelError) -> T in
            let result: T
            do throws(ModelError) {
                result = try connection.transaction { () throws(ModelError) -> T in try body(connection) }
            } catch {
                // Rolled back: its token value may be another container's next.
                ownTransactions.withLock { own in
                    if let pending = own.pending { own.committed.remove(pending) }
                    own.pending = nil
                }
                throw error
            }
            ownTransactions.withLock { $0.pending = nil }
            if let url { CommitAnnouncement.announce(url) }
            afterCommit(result)
            return result
        }
    }

    /// Starts the history transaction of the commit under way, if this store keeps history; call
    /// it inside ``write(_:afterCommit:)`` when the commit changes rows.
    func beginHistory(author: String?, in connection: SQLiteConnection) throws(ModelError) -> HistoryWriter? {
        guard recordsHistory else { return nil }
        let writer = try HistoryWriter(author: author, in: connection)
        // Counted as ours before the commit, which the listeners may see before `write` returns;
        // no other container commits meanwhile (one writer at a time), so no newest token they
        // read reaches this value until it is committed.
        ownTransactions.withLock { own in
            guard own.tracking else { return }
            own.pending = writer.transaction
            own.committed.insert(writer.transaction)
        }
        return writer
    }

    /// The token values of this store's own committed transactions up to `newest`, forgotten
    /// once handed out: what a merge of other containers' commits through `newest` skips.
    func takeOwnTransactions(through newest: Int64) -> Set<Int64> {
        ownTransactions.withLock { own in
            let taken = own.committed.filter { $0 <= newest }
            own.committed.subtract(taken)
            return taken
        }
    }

    /// Lends the connection to one caller at a time; what goes wrong comes out as a typed error
    /// (see ``ModelError/explained(for:opening:)``).
    private func withConnection<T>(_ body: (SQLiteConnection) throws(ModelError) -> T) throws(ModelError) -> T {
        try connection.withLock { (connection) throws(ModelError) -> T in
            do throws(ModelError) {
                return try body(connection)
            } catch {
                throw error.explained(for: url)
            }
        }
    }

    /// The SQL of the entity whose `Z_ENT` is `number`.
    func sql(forEntityNumber number: Int64) throws(ModelError) -> EntitySQL {
        guard number >= 1, Int(number) <= entitySQL.count else { throw .unknownEntity("Z_ENT \(number)") }
        return entitySQL[Int(number) - 1]
    }

    /// The SQL of entity `name`.
    func sql(for name: String) throws(ModelError) -> EntitySQL {
        // A schema holds few entities: comparing short names beats hashing one, and this runs for
        // every lookup and fetch.
        guard let sql = entitySQL.first(where: { $0.entity.name == name }) else { throw .unknownEntity(name) }
        return sql
    }

    /// Reserves `count` new primary keys for `entity` in `Z_PRIMARYKEY`, as Core Data does; call it
    /// inside ``write(_:)``. The entities of one hierarchy share their root's table, so they take
    /// their keys from the root's row: no two of its rows get the same `Z_PK`.
    func allocatePrimaryKeys(_ connection: SQLiteConnection, entity: String, count: Int) throws(ModelError) -> ClosedRange<Int64> {
        guard let number = schema.entityNumber(of: schema.entity(named: entity)?.rootName ?? entity) else { throw .unknownEntity(entity) }
        try connection.run("UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + ?1 WHERE Z_ENT = ?2",
                           [.integer(Int64(count)), .integer(Int64(number))])
        let rows = try connection.rows("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?1", [.integer(Int64(number))])
        guard case .integer(let maximum)? = rows.first?.first else { throw .unknownEntity(entity) }
        return (maximum - Int64(count) + 1)...maximum
    }
}
