import Foundation

/// Translates a Foundation `#Predicate` into a SQL `WHERE` clause, as far as SQL can say the same.
///
/// Each supported node type translates itself (see ``SQLExpressible``). What SQL cannot say
/// exactly is left to memory, never guessed: a wrong translation would silently lose or invent rows,
/// while a fallback only costs time. Translated: comparisons of attributes with values, `&&`, `||`,
/// `!`, nil checks, Bool attributes, `??`, `?.`, integer arithmetic, ranges and `IN` lists exactly;
/// `contains` and `starts(with:)` on strings as a superset that memory refines.
///
/// > Note: Text is compared byte by byte in SQLite and by canonical equivalence in Swift. They agree
/// > on text in Unicode's composed form (NFC), which the translator assumes the store holds; a
/// > predicate whose own strings are not in NFC is evaluated in memory.
enum PredicateTranslator {
    /// The result: `sql` selects at least the rows the predicate keeps (nil: all rows); when
    /// `isComplete` is false the predicate must still be evaluated in memory on what SQL returns.
    struct Translation {
        /// The condition, with its bindings; nil when SQL can filter nothing.
        let sql: SQLFragment?
        /// Whether SQL keeps exactly the rows the predicate keeps.
        let isComplete: Bool
    }

    /// The `WHERE` clause for `predicate`, and whether it says everything the predicate says.
    static func translate<T: PersistentModel>(_ predicate: Predicate<T>) -> Translation {
        let context = PredicateSQLContext(model: T.self, variable: predicate.variable.key)
        guard let expression = context.translate(predicate.expression) else {
            return Translation(sql: nil, isComplete: false)
        }
        return Translation(sql: expression.fragment, isComplete: expression.isExact)
    }
}
