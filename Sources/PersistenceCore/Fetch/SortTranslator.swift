import Foundation

/// Translates sort descriptors into an `ORDER BY` list, when SQLite would order as Swift does.
///
/// `sorted(using:)` compares with Swift: `Comparable` for numbers, dates and, unless a comparator
/// is given, strings (by canonical equivalence, which the `SWIFT` collation reproduces, see `SwiftText`);
/// nil first going forward and last in reverse, as SQLite orders NULL in `ASC` and `DESC`. Equal
/// values keep their order, by primary key, which the caller's final `Z_PK` term reproduces.
/// Anything else (a localized comparator, a key path that is not an attribute, UUIDs) is sorted
/// in memory.
enum SortTranslator {
    /// `""` for no sort, the column list (e.g. `ZAGE DESC, ZNAME ASC`) when every descriptor
    /// translates, nil otherwise.
    static func orderBy<T: PersistentModel>(_ descriptors: [SortDescriptor<T>]) -> String? {
        var terms: [String] = []
        for descriptor in descriptors {
            guard let keyPath = descriptor.keyPath, let name = T.attributeKeyPaths[keyPath],
                  let attribute = T.entitySchema.attributes.first(where: { $0.name == name }),
                  attribute.type.ordersInSQLAsInSwift,
                  comparesAsCodePoints(descriptor.stringComparator)
            else { return nil }
            let collation = attribute.type == .string ? " COLLATE \(SwiftText.collation)" : ""
            terms.append("\(attribute.columnName)\(collation) \(descriptor.order == .forward ? "ASC" : "DESC")")
        }
        return terms.joined(separator: ", ")
    }

    /// Whether a descriptor's string comparator orders by code point: none (`Comparable`), or
    /// `.lexical`. Darwin's default, `.localizedStandard`, ignores case and reads digits as numbers.
    private static func comparesAsCodePoints(_ comparator: String.StandardComparator?) -> Bool {
        guard let comparator else { return true }
        return comparator == String.StandardComparator(.lexical, order: comparator.order)
    }
}
