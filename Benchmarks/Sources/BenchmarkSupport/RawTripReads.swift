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

    private let trips, stopKeys, stopByKey, stopBounds, stopsOfTrips: OpaquePointer

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
        stopBounds = prepare("""
            SELECT (SELECT min(ZTRIP) FROM ZSTOP), (SELECT max(ZTRIP) FROM ZSTOP), (SELECT count(*) FROM ZSTOP),
                   (SELECT min(Z_PK) FROM ZSTOP), (SELECT max(Z_PK) FROM ZSTOP)
            """)
        stopsOfTrips = prepare("SELECT Z_PK, Z_OPT, ZTITLE, ZPOSITION, ZTRIP FROM ZSTOP NOT INDEXED WHERE ZTRIP BETWEEN ?1 AND ?2")
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

    /// What prefetching asks SQLite for when its owners are every trip: the trips, then the
    /// least and greatest trip key the stops hold, how many stops there are and their least and
    /// greatest primary key (the room the uniquing table makes for them), then every
    /// stop in one pass over their table (the core's `FastPaths/ModelContext+RelatedScan.swift`),
    /// each filed under its trip by the trip's place among the trips' keys, which are consecutive.
    public func prefetching() -> [TripRow] {
        var result = readTrips()
        let keys = result.map(\.primaryKey)
        guard let first = keys.first, keys == Array(first..<(first + Int64(keys.count))) else {
            preconditionFailure("the benchmark's trips have consecutive keys, in order")
        }
        precondition(sqlite3_step(stopBounds) == SQLITE_ROW)
        let stopCount = Int(sqlite3_column_int64(stopBounds, 2))
        precondition(sqlite3_column_int64(stopBounds, 3) <= sqlite3_column_int64(stopBounds, 4))
        precondition(sqlite3_column_int64(stopBounds, 0) >= first && sqlite3_column_int64(stopBounds, 1) <= keys.last!)
        sqlite3_reset(stopBounds)
        sqlite3_bind_int64(stopsOfTrips, 1, first)
        sqlite3_bind_int64(stopsOfTrips, 2, keys.last!)
        var stops = 0
        while sqlite3_step(stopsOfTrips) == SQLITE_ROW {
            let stop = Self.stop(stopsOfTrips)
            result[Int(stop.trip - first)].stops.append(stop)
            stops += 1
        }
        sqlite3_reset(stopsOfTrips)
        precondition(stops == stopCount)
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
