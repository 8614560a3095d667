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
    /// A `URL`, stored as its absolute string (Core Data's URI attribute type).
    case url = "URL"
    /// Any other `Codable` value (a struct, an array, a `Decimal`), stored as JSON in a blob;
    /// SwiftData stores structs as composite attributes instead (see the differences article).
    case codable = "Codable"

    /// The declared column type Core Data gives this attribute type in its SQLite store.
    public var sqliteColumnType: String {
        switch self {
        case .bool, .int, .int64: "INTEGER"
        case .double: "FLOAT"
        case .string, .url: "VARCHAR"
        case .date: "TIMESTAMP"
        case .uuid, .data, .codable: "BLOB"
        }
    }
}
