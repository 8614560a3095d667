import Foundation
import PersistenceCore

/// The `crash-importer` helper's model, so tests can open the stores it writes.
///
/// A copy of `Sources/crash-importer/ImportedItem.swift`: the two must stay identical, or opening
/// the helper's store fails with a schema mismatch (which the tests would report).
@Model final class ImportedItem {
    var batch: Int
    var index: Int
    var payload: String

    init(batch: Int, index: Int, payload: String) {
        self.batch = batch
        self.index = index
        self.payload = payload
    }
}
