/// A MainActor-isolated class that works through the container's main context: the main-queue
/// counterpart of ``ModelActor`` (a view model, say).
///
/// The main context runs on the main queue, the MainActor's queue, so MainActor code may use it
/// and its models directly. Use `@MainModelActor` to write the boilerplate.
@MainActor
public protocol MainModelActor: AnyObject {
    /// The container whose main context this object uses.
    var modelContainer: ModelContainer { get }
}

@MainActor
extension MainModelActor {
    /// The container's main context.
    public var modelContext: ModelContext {
        modelContainer.mainContext
    }

    /// The model with `id` in the main context, loaded from the store if needed; nil when its
    /// row is gone (or is another entity): `self[id, as: Item.self]`.
    public subscript<T: PersistentModel>(id: PersistentIdentifier, as type: T.Type) -> T? {
        try? modelContext.existingModel(for: id, as: T.self)
    }

    /// Runs `body` with the main context and returns its `Sendable` result.
    public func withContext<T: Sendable>(_ body: (ModelContext) throws -> T) rethrows -> T {
        try body(modelContext)
    }

    /// Runs `body` with the main context and the container, and returns its `Sendable` result.
    public func withContext<T: Sendable>(_ body: (ModelContext, ModelContainer) throws -> T) rethrows -> T {
        try body(modelContext, modelContainer)
    }
}
