import PersistenceCore

extension Array where Element == ConcurrencyViolation {
    /// The violations against contexts running on `queueLabel`.
    ///
    /// The debug mode and its record are process-wide: filtering by the context's queue keeps a
    /// lesson's outcome free of whatever else the process did meanwhile.
    func recorded(against queueLabel: String) -> [ConcurrencyViolation] {
        filter { $0.expectedQueue == queueLabel }
    }
}
