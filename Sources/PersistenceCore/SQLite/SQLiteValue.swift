import Foundation

/// One value as SQLite stores it: its five storage classes, plus a UUID kept as one.
///
/// Models keep their attributes in this form (see ``BackingData``), so that binding, snapshots and
/// conflict comparisons need no conversion; ``PersistentValue`` converts to and from Swift types.
public enum SQLiteValue: Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    /// A 16-byte BLOB that holds a UUID, as Core Data stores one, kept in memory as the UUID itself.
    ///
    /// A `Data` of 16 bytes does not fit inline in `Data` and costs two heap allocations; a store
    /// of 100k items read or wrote 200k of them. It equals the `.blob` of the same 16 bytes.
    case uuid(UUID)
}

extension SQLiteValue: Hashable {
    /// Compares stored values: `.uuid` and a `.blob` of the same bytes are one BLOB to SQLite.
    public static func == (lhs: SQLiteValue, rhs: SQLiteValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.blob(let a), .blob(let b)): a == b
        case (.uuid(let a), .uuid(let b)): a == b
        case (.uuid(let uuid), .blob(let bytes)), (.blob(let bytes), .uuid(let uuid)): bytes == uuid.bytes
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .integer(let value): hasher.combine(1); hasher.combine(value)
        case .real(let value): hasher.combine(2); hasher.combine(value)
        case .text(let value): hasher.combine(3); hasher.combine(value)
        // Equal values hash alike: a UUID hashes as the blob of its bytes.
        case .blob(let value): hasher.combine(4); hasher.combine(value)
        case .uuid(let value): hasher.combine(4); hasher.combine(value.bytes)
        }
    }
}

extension SQLiteValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'\(value)'"
        case .blob(let value): "<\(value.count) bytes>"
        case .uuid(let value): "<UUID \(value.uuidString)>"
        }
    }
}

extension UUID {
    /// The 16 bytes SQLite stores for this UUID.
    var bytes: Data { withUnsafeBytes(of: uuid) { Data($0) } }
}

extension SQLiteValue {
    /// Why a NaN is refused wherever a value is written: SQLite stores a NaN REAL as NULL, so it
    /// would come back as nil, or fail a NOT NULL column with SQLite's own message.
    static let nanRefusal = "is NaN, which SQLite cannot store (it would become NULL): store nil or a number"

    /// True for a NaN real.
    var isNaN: Bool {
        if case .real(let real) = self { real.isNaN } else { false }
    }
}
