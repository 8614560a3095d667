import Foundation
import PersistenceCore

/// What the importer stores: one row per item, tagged with the save (batch) that wrote it.
///
/// The tests open the importer's store with a copy of this model
/// (`Tests/PersistenceCoreTests/Support/ImportedItem.swift`); keep the two identical, or the test
/// reports a schema mismatch.
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
