import Foundation

/// A Swift type that can be a model attribute: it converts to and from an ``SQLiteValue``.
///
/// `Bool, Int, Int64, Double, String, Date, UUID, Data, URL` and their optionals conform. Dates are
/// stored as seconds since 2001-01-01, UUIDs as 16-byte blobs and URLs as text, as Core Data does.
/// Enums with raw values and other `Codable` types are stored through `BackingData`'s resolved
/// accessors (`Model/BackingData+ResolvedProperties.swift`) without conforming.
public protocol PersistentValue: Sendable {
    /// The schema type of the attribute (the wrapped type for optionals).
    static var attributeType: AttributeType { get }
    /// Whether `nil` is a valid value.
    static var isOptional: Bool { get }
    /// The value in its stored form.
    var sqliteValue: SQLiteValue { get }
    /// Reads a stored value; `nil` when the stored value does not have this type.
    init?(sqliteValue: SQLiteValue)
}

extension PersistentValue {
    public static var isOptional: Bool { false }
}

extension Bool: PersistentValue {
    public static var attributeType: AttributeType { .bool }
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue else { return nil }
        self = value != 0
    }
}

extension Int: PersistentValue {
    public static var attributeType: AttributeType { .int }
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Int64: PersistentValue {
    public static var attributeType: AttributeType { .int64 }
    public var sqliteValue: SQLiteValue { .integer(self) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue else { return nil }
        self = value
    }
}

extension Double: PersistentValue {
    public static var attributeType: AttributeType { .double }
    public var sqliteValue: SQLiteValue { .real(self) }
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)  // SQLite stores integral reals as integers
        default: return nil
        }
    }
}

extension String: PersistentValue {
    public static var attributeType: AttributeType { .string }
    public var sqliteValue: SQLiteValue { .text(self) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let value) = sqliteValue else { return nil }
        self = value
    }
}

extension Date: PersistentValue {
    public static var attributeType: AttributeType { .date }
    public var sqliteValue: SQLiteValue { .real(timeIntervalSinceReferenceDate) }
    public init?(sqliteValue: SQLiteValue) {
        guard let seconds = Double(sqliteValue: sqliteValue) else { return nil }
        self.init(timeIntervalSinceReferenceDate: seconds)
    }
}

extension UUID: PersistentValue {
    public static var attributeType: AttributeType { .uuid }
    public var sqliteValue: SQLiteValue { .uuid(self) }
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .uuid(let value):
            self = value
        case .blob(let bytes) where bytes.count == 16:
            var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: bytes) }
            self.init(uuid: raw)
        default:
            return nil
        }
    }
}

extension Data: PersistentValue {
    public static var attributeType: AttributeType { .data }
    public var sqliteValue: SQLiteValue { .blob(self) }
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .blob(let value): self = value
        case .uuid(let value): self = value.bytes
        default: return nil
        }
    }
}

extension URL: PersistentValue {
    public static var attributeType: AttributeType { .url }
    public var sqliteValue: SQLiteValue { .text(absoluteString) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue, let url = URL(string: text) else { return nil }
        self = url
    }
}

// Inlinable, so that each model's module gets a copy specialized for its own `Wrapped`: called
// across modules, the generic conformance copied values through the runtime, and every optional
// property's `= nil` default (run for each fetched row) paid for it.
extension Optional: PersistentValue where Wrapped: PersistentValue {
    public static var attributeType: AttributeType { Wrapped.attributeType }
    public static var isOptional: Bool { true }
    @inlinable public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
    @inlinable public init?(sqliteValue: SQLiteValue) {
        if case .null = sqliteValue {
            self = .none
        } else if let value = Wrapped(sqliteValue: sqliteValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
