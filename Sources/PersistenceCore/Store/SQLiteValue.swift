import Foundation

/// One value as SQLite stores it: its five storage classes, nothing more.
///
/// Models keep their attributes in this form (see ``BackingData``), so that binding, snapshots and
/// conflict comparisons need no conversion; ``PersistentValue`` converts to and from Swift types.
public enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension SQLiteValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'\(value)'"
        case .blob(let value): "<\(value.count) bytes>"
        }
    }
}
