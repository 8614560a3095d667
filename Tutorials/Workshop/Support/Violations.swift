import PersistenceCore

extension ConcurrencyViolation {
    /// `Item.count set on 'Swift global concurrent queue'`, for findings.
    var summary: String {
        "\(operation) on '\(thread)'"
    }
}

extension Array where Element == ConcurrencyViolation {
    /// The violations against the context whose queue is `label`.
    func against(_ label: String) -> [ConcurrencyViolation] {
        filter { $0.expectedQueue == label }
    }

    /// "3 accesses ran off the queue, the first: Item.count set on '…'".
    var summary: String {
        guard let first else { return "no access ran off the queue" }
        let count = self.count == 1 ? "1 access" : "\(self.count) accesses"
        return "\(count) ran off the queue, the first: \(first.summary)"
    }
}

/// Turns an error thrown by the learner's code into a finding.
func finding(for error: any Error, in step: String) -> String {
    "\(step) threw an error: \(error). The checker expected it to succeed."
}
