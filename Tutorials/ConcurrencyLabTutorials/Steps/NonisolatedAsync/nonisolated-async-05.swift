import Foundation
import PersistenceCore
import SampleModels

enum NonisolatedAsync05 {  // tutorial:hide
    /// An import helper that says where it runs. `@concurrent` leaves the caller's actor under
    /// every setting (Swift 6, NonisolatedNonsendingByDefault, default MainActor isolation), so
    /// the context made here always gets a private queue of its own.
    struct BackgroundImporter: Sendable {
        let container: ModelContainer

        /// Imports `timestamps` and returns how many items the store holds: an `Int` crosses
        /// back to the caller; the context and its models stay here.
        @concurrent
        func importItems(_ timestamps: [Date]) async throws -> Int {
            let context = ModelContext(container)  // off the MainActor: a private queue
            assert(context.concurrencyType == .privateQueue, "a background import on the main queue")
            return try await context.perform {
                for timestamp in timestamps {
                    context.insert(Item(timestamp: timestamp))
                }
                try context.save()
                return try context.fetchCount(FetchDescriptor<Item>())
            }
        }
    }

    /// The button's side: the MainActor awaits the import and keeps only the count.
    @MainActor
    final class ImportScreen {
        private(set) var storedItems = 0

        func importButtonTapped(_ timestamps: [Date], container: ModelContainer) async throws {
            storedItems = try await BackgroundImporter(container: container).importItems(timestamps)
        }
    }
}  // tutorial:hide
