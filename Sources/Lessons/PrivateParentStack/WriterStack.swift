import PersistenceCore

// tutorial:begin stack
/// The classic Core Data stack of nested contexts: a private "writer" context is the only one that
/// writes the store, and the context the UI uses is its child, on the main queue.
///
/// The UI's save pushes its changes into the writer (on the main queue: the copy, and the wait
/// for the writer's queue); the writer's save, on its own queue, writes the file. Every read of
/// the UI context goes through the writer too, so a read made while the writer saves waits for it.
final class WriterStack: Sendable {
    /// The root: a private queue, the only context that writes the store.
    let writer: ModelContext
    /// The UI's context: a child of the writer, on the main queue.
    let viewContext: ModelContext

    init(container: ModelContainer) {
        // The lab's spellings of NSManagedObjectContext(concurrencyType:), coordinator then parent.
        writer = ModelContext(container, concurrencyType: .privateQueue)
        writer.name = "writer (private parent)"
        viewContext = ModelContext(parent: writer, concurrencyType: .mainQueue)
        viewContext.name = "view context (main-queue child)"
    }

    /// Saves the UI's changes all the way: into the writer on the main queue, then to the file on
    /// the writer's queue, without the main queue waiting for the file.
    @MainActor
    func save() async throws {
        try viewContext.save()                         // into the writer: nothing reaches the file yet
        try await writer.perform { try self.writer.save() }   // the file, on the writer's queue
    }
}
// tutorial:end stack
