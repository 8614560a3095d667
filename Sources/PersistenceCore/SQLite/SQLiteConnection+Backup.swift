import CSQLite

extension SQLiteConnection {
    /// Copies every page of `source` into this database, in one step: SQLite's online backup,
    /// which works under SQLite's locks, so other connections may keep the source open meanwhile.
    func copyPages(from source: SQLiteConnection) throws(ModelError) {
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
            throw error(sqlite3_errcode(handle), sql: "backup")
        }
        let step = sqlite3_backup_step(backup, -1)
        let finish = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finish == SQLITE_OK else {
            throw error(step == SQLITE_DONE ? finish : step, sql: "backup")
        }
    }
}
