/// Where an import helper ran: the queue its work ran on (where a helper that makes its own
/// context runs `ModelContext(container)`), and the queue its context took. What the helpers of the nonisolated-async lesson return (their one file is
/// compiled under three language settings, so the value they share lives here).
public struct ImportPlacement: Sendable, Codable, Hashable {
    /// The label of the queue the work ran on: `com.apple.main-thread`, `Swift global concurrent
    /// queue` in a task off every actor, or a model actor's `ModelContext 0x…`.
    public var ranOn: String
    /// The label of the context's own queue: `com.apple.main-thread` or `ModelContext 0x…`.
    public var contextQueue: String
    /// How many items the helper inserted and saved.
    public var itemsSaved: Int

    public init(ranOn: String, contextQueue: String, itemsSaved: Int) {
        self.ranOn = ranOn
        self.contextQueue = contextQueue
        self.itemsSaved = itemsSaved
    }

    /// Whether the context is a main-queue context: its work holds the main queue.
    public var onMainQueue: Bool { contextQueue == "com.apple.main-thread" }
}
