/// A piece of SQL and the values for its `?` placeholders, in order.
public struct SQLFragment: Sendable, Hashable {
    public var sql: String
    public var bindings: [SQLiteValue]

    public init(sql: String, bindings: [SQLiteValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }
}
