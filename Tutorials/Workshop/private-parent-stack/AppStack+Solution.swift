import PersistenceCore

extension Solution {
    /// Solved: a private writer at the root, the views' context its main-queue child.
    @MainActor
    final class AppStack: SavingStack {
        let viewContext: ModelContext
        private let writer: ModelContext

        init(container: ModelContainer) {
            // The lab's spellings of Core Data's NSManagedObjectContext(concurrencyType:): a
            // private-queue root on the store's coordinator, and a main-queue child of that root.
            writer = ModelContext(container, concurrencyType: .privateQueue)
            viewContext = ModelContext(parent: writer, concurrencyType: .mainQueue)
        }

        func save() async throws {
            try viewContext.save()
            let writer = writer
            try await writer.perform { try writer.save() }
        }
    }
}
