/// One translated node of a `#Predicate`: its SQL, and what the translator must know to combine it
/// with others without changing the answer.
///
/// SQL and Swift disagree in a few places (NULL logic, byte-wise text search), so each piece says
/// whether its SQL gives exactly the Swift result or only a superset of the rows Swift would keep.
struct SQLExpression {
    /// The SQL, with `?` placeholders, and the values they stand for, in order.
    let fragment: SQLFragment
    /// The Swift type of the value, as the store keeps it; `.bool` for conditions.
    let type: AttributeType
    /// Whether Swift sees an optional: SQL then has NULL for nil, and must compare with `IS`,
    /// which treats NULL as a value, instead of `=`, which makes any comparison with NULL unknown.
    let isOptional: Bool
    /// Whether the SQL gives exactly what Swift computes.
    ///
    /// When false (only Bool pieces are inexact), the SQL is true at least wherever Swift is true,
    /// and NULL exactly where Swift has nil: it selects a superset that memory must narrow. Such a
    /// piece may only sit where a superset stays a superset (`&&`, `||`, `== true`, `??`), never under
    /// `!`, `!=` or `== false`, where it would turn into a subset and lose rows.
    let isExact: Bool
    /// The value, when the piece is a captured value or a literal; `.null` for nil.
    let constant: SQLiteValue?
    /// The related row, when the piece is a to-one relationship (`$0.trip`): its SQL is the related
    /// row's key, and key paths through it (`$0.trip?.name`) read that row's columns.
    let row: RelatedRow?

    /// A piece with everything spelled out; the static functions below cover the common kinds.
    init(_ text: SQLText, type: AttributeType, isOptional: Bool = false, isExact: Bool = true, constant: SQLiteValue? = nil,
         row: RelatedRow? = nil) {
        self.fragment = text.fragment
        self.type = type
        self.isOptional = isOptional
        self.isExact = isExact
        self.constant = constant
        self.row = row
    }

    /// A condition: a non-optional Bool, such as a comparison.
    static func condition(_ text: SQLText, isExact: Bool = true) -> SQLExpression {
        SQLExpression(text, type: .bool, isExact: isExact)
    }

    /// An attribute's column, e.g. `ZNAME`.
    static func column(_ attribute: AttributeSchema) -> SQLExpression {
        SQLExpression("\(raw: attribute.columnName)", type: attribute.type, isOptional: attribute.isOptional)
    }

    /// A captured value or a literal, in the form the store keeps (see ``PersistentValue``), so that
    /// comparisons meet what the columns hold; nil for a value SQL would read differently from Swift.
    static func constant(_ value: SQLiteValue, type: AttributeType, isOptional: Bool) -> SQLExpression? {
        guard value.comparesInSQLAsInSwift else { return nil }
        if value == .null {
            return SQLExpression("NULL", type: type, isOptional: true, constant: value)
        }
        return SQLExpression("\(value)", type: type, isOptional: isOptional, constant: value)
    }

    /// What to write after this piece as a comparison's left operand: ` COLLATE SWIFT` for text,
    /// so SQLite compares as Swift does (see `SwiftText`); nothing for other types.
    var collation: String {
        type == .string ? " COLLATE \(SwiftText.collation)" : ""
    }

    /// Whether this is the literal `true`, the one value an inexact piece may be compared with.
    var isTrue: Bool { type == .bool && constant == .integer(1) }

    /// The same SQL, now known to select a superset only (see ``isExact``).
    var widened: SQLExpression {
        SQLExpression(SQLText(fragment), type: type, isOptional: isOptional, isExact: false)
    }

    /// The same SQL seen as non-optional: how `?.` and `flatMap` closures see the wrapped value.
    var unwrapped: SQLExpression {
        SQLExpression(SQLText(fragment), type: type, isOptional: false, isExact: isExact, constant: constant, row: row)
    }
}

extension AttributeType {
    /// Whether SQLite orders this type as Swift's `<` does: numbers and dates by value, text with
    /// the `SWIFT` collation (see ``SQLExpression/collation``). Bool, UUID and Data are left to memory.
    var ordersInSQLAsInSwift: Bool {
        switch self {
        case .int, .int64, .double, .date, .string: true
        case .bool, .uuid, .data, .url, .codable: false
        }
    }
}
