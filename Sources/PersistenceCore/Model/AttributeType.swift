/// The attribute types a model may declare (see the article "API at a glance").
///
/// Each maps to the SQLite column type Core Data uses for it, so a learner who opens the file
/// sees what Core Data would have written.
public enum AttributeType: String, Sendable, Hashable, Codable, CaseIterable {
    case bool = "Bool"
    case int = "Int"
    case int64 = "Int64"
    case double = "Double"
    case string = "String"
    case date = "Date"
    case uuid = "UUID"
    case data = "Data"

    /// The declared column type Core Data gives this attribute type in its SQLite store.
    public var sqliteColumnType: String {
        switch self {
        case .bool, .int, .int64: "INTEGER"
        case .double: "FLOAT"
        case .string: "VARCHAR"
        case .date: "TIMESTAMP"
        case .uuid, .data: "BLOB"
        }
    }
}
