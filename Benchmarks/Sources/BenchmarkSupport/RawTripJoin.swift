import GRDBSQLite

/// Target 10's raw peer: one SQL join over the trips and their stops, read into Swift values.
///
/// Shared by the benchmark and the profiler (`profile trips-join`), so both measure the same loop.
public enum RawTripJoin {
    /// A trip as the join reads it: its name and its stops' titles.
    public struct TripRow {
        public var name: String
        public var stops: [String] = []
    }

    /// The join, in the order a trip's stops are read: by trip, then by stop.
    public static let sql = """
        SELECT ZTRIP.Z_PK, ZTRIP.ZNAME, ZSTOP.ZTITLE FROM ZTRIP JOIN ZSTOP ON ZSTOP.ZTRIP = ZTRIP.Z_PK
        ORDER BY ZTRIP.Z_PK, ZSTOP.Z_PK
        """

    /// Steps `statement` (prepared from ``sql``) to its end, one `TripRow` per trip.
    public static func read(_ statement: OpaquePointer) -> [TripRow] {
        var trips: [TripRow] = []
        var current: Int64 = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            let key = sqlite3_column_int64(statement, 0)
            if key != current {
                trips.append(TripRow(name: String(cString: sqlite3_column_text(statement, 1))))
                current = key
            }
            trips[trips.count - 1].stops.append(String(cString: sqlite3_column_text(statement, 2)))
        }
        return trips
    }
}
