import PersistenceCore

/// A ``PersistenceCore/ConcurrencyViolation`` as an outcome keeps it: the same facts, `Codable`.
///
/// Scenarios record violations with `ConcurrencyDebug.withMode(.record)` instead of trapping, so
/// that a run can report back; ``description`` is exactly the message `.trap` would stop the
/// process with.
public struct RecordedViolation: Sendable, Codable, Hashable, CustomStringConvertible {
    /// What was touched, e.g. `Item.count set` or `ModelContext.reset()`.
    public var operation: String
    /// The label of the queue the operation ran on instead.
    public var thread: String
    /// The label of the queue the operation belonged to: its context's.
    public var expectedQueue: String
    /// The message `.trap` prints.
    public var description: String

    public init(_ violation: ConcurrencyViolation) {
        operation = violation.operation
        thread = violation.thread
        expectedQueue = violation.expectedQueue
        description = violation.description
    }
}

extension Array where Element == ConcurrencyViolation {
    /// The violations against contexts running on `queueLabel`, as outcomes keep them.
    ///
    /// The debug mode and its record are process-wide: filtering by the context's queue keeps a
    /// scenario's outcome free of whatever else the process did meanwhile.
    func recorded(against queueLabel: String) -> [RecordedViolation] {
        filter { $0.expectedQueue == queueLabel }.map(RecordedViolation.init)
    }
}
