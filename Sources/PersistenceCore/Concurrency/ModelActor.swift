/// An actor whose code runs on the queue of its own ``ModelContext``: SwiftData's `ModelActor`.
///
/// Its methods may use ``modelContext`` and the models it registers without `perform`, because
/// the actor's executor (a ``ModelContextExecutor``) runs them on that context's queue. Hand
/// models' ``PersistentModel/persistentModelID``s across its boundary, never the models.
/// Use `@ModelActor` or `@BackgroundModelActor` to write the boilerplate.
///
/// > Warning: A `@ModelActor` created on the MainActor runs on the main queue (SwiftData's rule);
/// > heavy work there blocks the UI. `@BackgroundModelActor` always gets a private queue.
public protocol ModelActor: Actor {
    /// The type of ``modelExecutor``: ``ModelContextExecutor`` for the macros' actors, and
    /// `any ModelExecutor` for an actor written out as SwiftData's `@ModelActor` expands.
    associatedtype ModelExecutorType = ModelContextExecutor
    /// The container the actor's context belongs to.
    nonisolated var modelContainer: ModelContainer { get }
    /// The executor that runs the actor's code on its context's queue.
    nonisolated var modelExecutor: ModelExecutorType { get }
}

extension ModelActor where ModelExecutorType == ModelContextExecutor {
    /// The actor's executor: the context's queue.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        modelExecutor.asUnownedSerialExecutor()
    }
}

extension ModelActor where ModelExecutorType == any ModelExecutor {
    /// The actor's executor: SwiftData's expansion stores it as `any ModelExecutor`, which must
    /// be serial for an actor to run on it (``DefaultSerialModelExecutor`` is).
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        guard let serial = modelExecutor as? any SerialExecutor else {
            preconditionFailure("\(Self.self)'s modelExecutor is not a SerialExecutor: an actor runs one job at a time, so give it a DefaultSerialModelExecutor")
        }
        return serial.asUnownedSerialExecutor()
    }
}

extension ModelActor {
    /// The actor's context, usable directly in the actor's methods.
    ///
    /// An extension member, as SwiftData's is, not a requirement: an actor conforming to
    /// `ModelActor` never has to declare it (nor make it public). Both executors an actor can have
    /// here, ``ModelContextExecutor`` and SwiftData's `any ModelExecutor`, hand out their context.
    public var modelContext: ModelContext {
        guard let executor = modelExecutor as? any ModelExecutor else {
            preconditionFailure("\(Self.self)'s modelExecutor is not a ModelExecutor: give the actor a ModelContextExecutor or a DefaultSerialModelExecutor")
        }
        return executor.modelContext
    }

    /// The model with `id` in the actor's context, loaded from the store if needed; nil when its
    /// row is gone (or is another entity): `self[id, as: Item.self]`.
    public subscript<T: PersistentModel>(id: PersistentIdentifier, as type: T.Type) -> T? {
        try? modelContext.existingModel(for: id, as: T.self)
    }

    /// Runs `body` with the actor's context, on its queue, and returns its `Sendable` result.
    public func withContext<T: Sendable>(_ body: (ModelContext) throws -> T) rethrows -> T {
        try body(modelContext)
    }

    /// Runs `body` with the actor's context and container, on its queue, and returns its
    /// `Sendable` result.
    public func withContext<T: Sendable>(_ body: (ModelContext, ModelContainer) throws -> T) rethrows -> T {
        try body(modelContext, modelContainer)
    }
}
