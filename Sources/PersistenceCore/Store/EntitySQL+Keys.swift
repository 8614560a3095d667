/// Reading an entity's rows by primary key, many at a time: what a fetch of a superentity and a
/// relationship's faults use to read each subentity's whole row (`Context/ModelContext+Subentities.swift`).
extension EntitySQL {
    /// The rows `primaryKeys` (those that exist), read in chunks that SQLite's limit on bound
    /// variables allows.
    func rows(primaryKeys: [Int64], in connection: SQLiteConnection) throws(ModelError) -> [Int64: Row] {
        var rows: [Int64: Row] = [:]
        var reader = rowReader()
        for chunk in KeyChunks.of(primaryKeys) {
            let statement = try connection.cachedStatement("\(select) WHERE Z_PK IN (\(KeyChunks.placeholders(chunk.count)))")
            try statement.bind(chunk.map { .integer($0) })
            while try statement.step() {
                let row = row(of: statement, reader: &reader)
                rows[row.primaryKey] = row
            }
        }
        return rows
    }

    /// The `Z_ENT` of each of the rows `primaryKeys` that exists.
    func entityNumbers(of primaryKeys: [Int64], in connection: SQLiteConnection) throws(ModelError) -> [Int64: Int64] {
        var numbers: [Int64: Int64] = [:]
        for chunk in KeyChunks.of(primaryKeys) {
            let statement = try connection.cachedStatement("SELECT Z_PK, Z_ENT FROM \(entity.tableName) WHERE Z_PK IN (\(KeyChunks.placeholders(chunk.count)))")
            try statement.bind(chunk.map { .integer($0) })
            while try statement.step() { numbers[statement.int64(0)] = statement.int64(1) }
        }
        return numbers
    }
}
