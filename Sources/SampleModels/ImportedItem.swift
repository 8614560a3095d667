import Foundation
import PersistenceCore

/// What the `store-test-helper` helper stores: one row per item, tagged with the save (batch) that
/// wrote it. The reliability tests open the helper's stores with the same model.
@Model public final class ImportedItem {
    public var batch: Int
    public var index: Int
    public var payload: String

    public init(batch: Int, index: Int, payload: String) {
        self.batch = batch
        self.index = index
        self.payload = payload
    }
}
