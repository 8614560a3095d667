import Foundation

/// Translates a Foundation `#Predicate` into a SQL `WHERE` clause, as far as it can.
enum PredicateTranslator {
    /// The result: `sql` filters at least as much as the predicate would keep (it may be nil);
    /// when `isComplete` is false the predicate must still be evaluated in memory on what SQL returns.
    struct Translation {
        let sql: SQLFragment?
        let isComplete: Bool
    }

    static func translate<T: PersistentModel>(_ predicate: Predicate<T>) -> Translation {
        Translation(sql: nil, isComplete: false)  // replaced by the full translator
    }
}

/// Translates sort descriptors into an `ORDER BY` list.
enum SortTranslator {
    /// `""` for no sort, the column list when every descriptor translates, nil otherwise.
    static func orderBy<T: PersistentModel>(_ descriptors: [SortDescriptor<T>]) -> String? {
        descriptors.isEmpty ? "" : nil
    }
}
