import Foundation

/// One persisted property of a model, as `@Model` describes it.
public struct AttributeSchema: Sendable, Hashable, Codable {
    /// The property's name in Swift, e.g. `timestamp`.
    public let name: String
    /// The property's type (the wrapped type for optionals).
    public let type: AttributeType
    /// Whether the property is an optional.
    public let isOptional: Bool
    /// Whether `@Attribute(.unique)` was applied.
    public let isUnique: Bool
    /// The name the attribute had in an older model (`@Attribute(originalName:)`): a store that
    /// still has that column is migrated by renaming it. Not part of what a store must match.
    public let originalName: String?
    /// Whether `@Attribute(.preserveValueOnDeletion)` was applied: a deletion's history keeps the
    /// value in its tombstone. Not part of what a store must match (no column changes).
    public let preservesValueOnDeletion: Bool
    /// The value the property's declaration gives it (`var pinned: Bool = false`), stored: what
    /// a migration gives the rows already stored when the attribute is new, as SwiftData's
    /// lightweight migration does. Not part of what a store must match, and not kept in it.
    public let defaultValue: SQLiteValue?

    public init(name: String, type: AttributeType, isOptional: Bool, isUnique: Bool = false, originalName: String? = nil,
                preservesValueOnDeletion: Bool = false, defaultValue: SQLiteValue? = nil) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isUnique = isUnique
        self.originalName = originalName
        self.preservesValueOnDeletion = preservesValueOnDeletion
        self.defaultValue = defaultValue
    }

    /// Builds the schema of a property from its Swift type: what the `@Model` macro emits, with
    /// the declaration's initial value as `defaultValue` when it has one.
    public init<Value: PersistentValue>(_ name: String, _ valueType: Value.Type, isUnique: Bool = false, originalName: String? = nil,
                                        preservesValueOnDeletion: Bool = false, defaultValue: Value? = nil) {
        self.init(name: name, type: Value.attributeType, isOptional: Value.isOptional, isUnique: isUnique, originalName: originalName,
                  preservesValueOnDeletion: preservesValueOnDeletion, defaultValue: defaultValue?.sqliteValue)
    }

    // Stores made before history existed have no `preservesValueOnDeletion` in their metadata;
    // the default value is the model's, never the store's.
    private enum CodingKeys: String, CodingKey { case name, type, isOptional, isUnique, originalName, preservesValueOnDeletion }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  type: try container.decode(AttributeType.self, forKey: .type),
                  isOptional: try container.decode(Bool.self, forKey: .isOptional),
                  isUnique: try container.decode(Bool.self, forKey: .isUnique),
                  originalName: try container.decodeIfPresent(String.self, forKey: .originalName),
                  preservesValueOnDeletion: try container.decodeIfPresent(Bool.self, forKey: .preservesValueOnDeletion) ?? false)
    }

    /// The SQLite column, named as Core Data names it: `Z` and the name in capitals.
    public var columnName: String { "Z" + name.uppercased() }

    /// Whether the attribute can hold `value` as stored: nil only when optional, and otherwise a
    /// value its type reads back (what the model's accessor would read without stopping).
    func accepts(_ value: SQLiteValue) -> Bool {
        if case .null = value { return isOptional }
        return switch type {
        case .bool: Bool(sqliteValue: value) != nil
        case .int: Int(sqliteValue: value) != nil
        case .int64: Int64(sqliteValue: value) != nil
        case .double: Double(sqliteValue: value) != nil
        case .string: String(sqliteValue: value) != nil
        case .date: Date(sqliteValue: value) != nil
        case .uuid: UUID(sqliteValue: value) != nil
        case .data: Data(sqliteValue: value) != nil
        case .url: URL(sqliteValue: value) != nil
        case .codable: if case .blob = value { true } else { false }
        }
    }

    /// How the attribute reads in a schema description, e.g. `timestamp: Date?, unique`.
    public var summary: String {
        "\(name): \(type.rawValue)\(isOptional ? "?" : "")\(isUnique ? ", unique" : "")"
    }
}
