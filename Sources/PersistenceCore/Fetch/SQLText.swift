/// SQL written as a string literal whose interpolations are translated pieces, values to bind, or
/// names the translator wrote itself: `"(\(lhs) AND \(rhs))"`.
///
/// Statements bind their values by position (`?` number *n* takes the *n*-th binding), so every
/// piece's placeholders and bindings must travel together, in order. Interpolation does that
/// bookkeeping once, here, and the translator reads like the SQL it writes.
struct SQLText: ExpressibleByStringInterpolation {
    /// The SQL and its bindings.
    let fragment: SQLFragment

    /// Wraps SQL already built, such as a translated piece's.
    init(_ fragment: SQLFragment) {
        self.fragment = fragment
    }

    /// SQL with nothing to bind.
    init(stringLiteral value: String) {
        fragment = SQLFragment(sql: value)
    }

    /// SQL with interpolated pieces and values: the form the translator writes.
    init(stringInterpolation: StringInterpolation) {
        fragment = stringInterpolation.fragment
    }

    /// Collects the literal SQL and the interpolated pieces of one `SQLText`.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var fragment = SQLFragment(sql: "")

        /// Reserves room for the literal text and a few characters per interpolation.
        init(literalCapacity: Int, interpolationCount: Int) {
            fragment.sql.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        /// SQL text as written in the literal.
        mutating func appendLiteral(_ literal: String) {
            fragment.sql += literal
        }

        /// A translated piece: its SQL, and its bindings after those already written.
        mutating func appendInterpolation(_ expression: SQLExpression) {
            fragment.sql += expression.fragment.sql
            fragment.bindings += expression.fragment.bindings
        }

        /// A value: a `?` placeholder, never the value spliced into the SQL text.
        mutating func appendInterpolation(_ value: SQLiteValue) {
            fragment.sql += "?"
            fragment.bindings.append(value)
        }

        /// The values of an `IN` list: `(?, ?, …)`.
        mutating func appendInterpolation(list values: [SQLiteValue]) {
            fragment.sql += "(" + repeatElement("?", count: values.count).joined(separator: ", ") + ")"
            fragment.bindings += values
        }

        /// SQL the translator wrote itself, such as a column name; never a user's value.
        mutating func appendInterpolation(raw sql: String) {
            fragment.sql += sql
        }
    }
}
