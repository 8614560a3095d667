import Foundation
import PersistenceCore
import SampleModels

/// An import helper that says where it runs. `@concurrent` leaves the caller's actor under
/// every setting (Swift 6, NonisolatedNonsendingByDefault, default MainActor isolation), so
/// the model actor made here always gets a private queue of its own: SwiftData's way to work
/// on a context off the MainActor (its `ModelContext` has no `perform`).
struct BackgroundImporter: Sendable {
    let container: ModelContainer

    /// Imports `timestamps` and returns how many items the store holds: an `Int` crosses
    /// back to the caller; the context and its models stay in the actor.
    @concurrent
    func importItems(_ timestamps: [Date]) async throws -> Int {
        let importer = ItemsImporter(modelContainer: container)  // off the MainActor: a private queue
        return try await importer.importItems(timestamps)
    }
}

/// The model actor that does the work, on its context's queue.
@ModelActor
actor ItemsImporter {
    func importItems(_ timestamps: [Date]) throws -> Int {
        for timestamp in timestamps {
            modelContext.insert(Item(timestamp: timestamp))
        }
        try modelContext.save()
        return try modelContext.fetchCount(FetchDescriptor<Item>())
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
