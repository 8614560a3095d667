import Foundation

/// Translates sort descriptors into an `ORDER BY` list.
enum SortTranslator {
    /// `""` for no sort, the column list when every descriptor translates, nil otherwise.
    static func orderBy<T: PersistentModel>(_ descriptors: [SortDescriptor<T>]) -> String? {
        descriptors.isEmpty ? "" : nil
    }
}
