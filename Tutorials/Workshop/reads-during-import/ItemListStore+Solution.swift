import Foundation
import PersistenceCore
import SampleModels

extension Solution {
    /// Solved: readers beside the writer, and one query generation per frame.
    enum ItemListStore: ItemListStoring {
        static func openStore(at url: URL) throws -> ModelContainer {
            // A file store reads on its own connections (4 by default): no fetch waits for a save.
            try ModelContainer(for: Item.self, configuration: .file(url))
        }

        @MainActor
        static func prepareFrame(_ mainContext: ModelContext) {
            // Pinned again each frame: this frame's reads see one state, the latest committed.
            mainContext.queryGeneration = .current
        }
    }
}
