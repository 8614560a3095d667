/// One operation that ran on the wrong queue, as ``ConcurrencyDebug`` records it.
public struct ConcurrencyViolation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The label of the queue the operation should have run on (the context's).
    public let expectedQueue: String
    /// Where it ran instead: the current queue's label and thread.
    public let thread: String
    /// What was touched, e.g. `Item.timestamp set` or `ModelContext.reset()`.
    public let operation: String

    public init(expectedQueue: String, thread: String, operation: String) {
        self.expectedQueue = expectedQueue
        self.thread = thread
        self.operation = operation
    }

    public var description: String {
        "Concurrency violation: \(operation) on '\(thread)' but its context runs on '\(expectedQueue)'"
    }
}
