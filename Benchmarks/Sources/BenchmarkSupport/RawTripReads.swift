import GRDBSQLite

/// Target 10's two access patterns with nothing but SQLite: the queries faulting and prefetching
/// run, each read into Swift values, so that the benchmark can say how much of the gap between
/// them is SQLite's own and how much is the object layer's.
///
/// Both read the columns a `Stop` model reads (key, version, title, position, trip), over the
/// store the benchmark made.
public struct RawTripReads {
    /// A stop as its row holds it.
    public struct StopRow {
        public var primaryKey: Int64, version: Int64, title: String, position: Int64, trip: Int64
    }

    /// A trip as its row holds it, with its stops.
    public struct TripRow {
        public var primaryKey: Int64, version: Int64, name: String
        public var stops: [StopRow] = []
    }

    private let trips, stopKeys, stopByKey, stopsOfTrips: OpaquePointer

    /// How many trip keys one prefetching query binds: the same as the core's prefetch.
    public static let keysPerQuery = 500

    /// Prepares every statement once on `connection`, a read-only connection to the store.
    public init(connection: OpaquePointer) {
        func prepare(_ sql: String) -> OpaquePointer {
            var statement: OpaquePointer?
            precondition(sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK,
                         String(cString: sqlite3_errmsg(connection)))
            return statement!
        }
        let stop = "SELECT Z_PK, Z_OPT, ZTITLE, ZPOSITION, ZTRIP FROM ZSTOP"
        trips = prepare("SELECT Z_PK, Z_OPT, ZNAME FROM ZTRIP")
        stopKeys = prepare("SELECT Z_PK FROM ZSTOP WHERE ZTRIP = ?1 ORDER BY Z_PK")
        stopByKey = prepare("\(stop) WHERE Z_PK = ?1")
        let placeholders = (1...Self.keysPerQuery).map { "?\($0)" }.joined(separator: ", ")
        stopsOfTrips = prepare("\(stop) WHERE ZTRIP IN (\(placeholders)) ORDER BY ZTRIP, Z_PK")
    }

    /// What faulting asks SQLite for: the trips, then for each trip its stops' keys (its
    /// relationship fault), then each stop's row by key (its own fault). Each query after the
    /// trips is a read of its own, as each fault is: SQLite starts and ends a read transaction
    /// around every one.
    public func faulting() -> [TripRow] {
        var result = readTrips()
        for index in result.indices {
            sqlite3_bind_int64(stopKeys, 1, result[index].primaryKey)
            var keys: [Int64] = []
            while sqlite3_step(stopKeys) == SQLITE_ROW { keys.append(sqlite3_column_int64(stopKeys, 0)) }
            sqlite3_reset(stopKeys)
            for key in keys {
                sqlite3_bind_int64(stopByKey, 1, key)
                precondition(sqlite3_step(stopByKey) == SQLITE_ROW)
                result[index].stops.append(Self.stop(stopByKey))
                sqlite3_reset(stopByKey)
            }
        }
        return result
    }

    /// What prefetching asks SQLite for: the trips, then their stops with one query per 500
    /// trips, in the order the index gives (by trip, then by key), filed under their trips.
    public func prefetching() -> [TripRow] {
        var result = readTrips()
        var position: [Int64: Int] = [:]
        for (index, trip) in result.enumerated() { position[trip.primaryKey] = index }
        let keys = result.map(\.primaryKey).sorted()
        for start in stride(from: 0, to: keys.count, by: Self.keysPerQuery) {
            let chunk = keys[start..<min(start + Self.keysPerQuery, keys.count)]
            for parameter in 1...Self.keysPerQuery {
                // A short last chunk repeats its first key: IN ignores duplicates.
                let key = chunk.count >= parameter ? chunk[chunk.startIndex + parameter - 1] : chunk.first!
                sqlite3_bind_int64(stopsOfTrips, Int32(parameter), key)
            }
            while sqlite3_step(stopsOfTrips) == SQLITE_ROW {
                let stop = Self.stop(stopsOfTrips)
                result[position[stop.trip]!].stops.append(stop)
            }
            sqlite3_reset(stopsOfTrips)
        }
        return result
    }

    private func readTrips() -> [TripRow] {
        var result: [TripRow] = []
        while sqlite3_step(trips) == SQLITE_ROW {
            result.append(TripRow(primaryKey: sqlite3_column_int64(trips, 0), version: sqlite3_column_int64(trips, 1),
                                  name: String(cString: sqlite3_column_text(trips, 2))))
        }
        // Reset at once, so that the trips' read transaction ends before the next query starts.
        sqlite3_reset(trips)
        return result
    }

    private static func stop(_ statement: OpaquePointer) -> StopRow {
        StopRow(primaryKey: sqlite3_column_int64(statement, 0), version: sqlite3_column_int64(statement, 1),
                title: String(cString: sqlite3_column_text(statement, 2)), position: sqlite3_column_int64(statement, 3),
                trip: sqlite3_column_int64(statement, 4))
    }
}
