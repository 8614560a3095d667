/// SwiftData's executor protocols and class name, so an actor written out as SwiftData's
/// `@ModelActor` expands (article 000 shows the expansion) compiles here unchanged:
///
///     actor DataHandler {
///         nonisolated let modelExecutor: any ModelExecutor
///         nonisolated let modelContainer: ModelContainer
///         init(modelContainer: ModelContainer) {
///             let modelContext = ModelContext(modelContainer)
///             modelExecutor = DefaultSerialModelExecutor(modelContext: modelContext)
///             self.modelContainer = modelContainer
///         }
///     }
///     extension DataHandler: ModelActor {}
///
/// Ours is ``ModelContextExecutor``; `DefaultSerialModelExecutor` is another name for it.

/// An executor that runs a model actor's code with its context: SwiftData's `ModelExecutor`.
public protocol ModelExecutor: Executor {
    /// The context whose queue runs the actor's code.
    var modelContext: ModelContext { get }
}

/// A model executor that runs one job at a time: SwiftData's `SerialModelExecutor`.
public protocol SerialModelExecutor: ModelExecutor, SerialExecutor {}

/// SwiftData's name for the executor its `@ModelActor` creates.
public typealias DefaultSerialModelExecutor = ModelContextExecutor

extension ModelContextExecutor: SerialModelExecutor {
    /// The context whose queue runs the jobs (``context``), by SwiftData's name.
    public var modelContext: ModelContext { context }

    /// An executor over `modelContext`'s queue, by SwiftData's spelling.
    public convenience init(modelContext: ModelContext) {
        self.init(context: modelContext)
    }
}
