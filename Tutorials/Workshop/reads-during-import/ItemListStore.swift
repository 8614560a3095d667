// Workshop exercise: Keep the list drawing while the import saves
// Lesson reads-during-import (`swift run lab run reads-during-import`), articles 003 and 004.
//
// The import already runs on a background context, as articles 003 and 004 advise. But the list
// on screen freezes anyway: this store opens with `readers: 0`, so the main context's fetch
// shares the writer's connection and waits for the whole save in progress. And each frame reads
// twice, a count for its header and then the newest rows, so a save that commits between the two
// reads shows a header that disagrees with its rows. Give the store readers beside its writer,
// and make every frame read one committed state.
//
// Check your work:  swift run lab workshop reads-during-import
//
// Hint 1: A file store has one writer connection; `readers` is how many connections read beside
//         it. With none, a fetch takes turns with the save in progress (`lab run
//         reads-during-import`, lane 1).
// Hint 2: Readers unfreeze the list but each read still sees the latest commit, so a frame can
//         still straddle a save. Core Data pins a context's reads with a query generation;
//         `ModelContext.queryGeneration` does the same, until the context saves, merges, is
//         reset or is pinned again.
// Hint 3: Pin at the start of every frame, not once: each frame then shows one state, and the
//         next frame moves on to the latest.
// Hint 4: Open the store with `.file(url)` (4 readers by default), and write
//         `mainContext.queryGeneration = .current` in `prepareFrame(_:)`.

import Foundation
import PersistenceCore
import SampleModels

/// The app's store, and what the list screen does before it reads.
enum ItemListStore: ItemListStoring {
    static func openStore(at url: URL) throws -> ModelContainer {
        try ModelContainer(for: Item.self, configuration: .file(url, readers: 0))
    }

    @MainActor
    static func prepareFrame(_ mainContext: ModelContext) {
        // The frame reads a count, then the newest rows: each read sees the latest commit.
    }
}
