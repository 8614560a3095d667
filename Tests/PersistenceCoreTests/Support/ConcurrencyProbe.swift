import Synchronization

/// Counts how many callers are inside a section at the same time, and the most ever seen: a
/// serial executor must keep that maximum at 1.
final class ConcurrencyProbe: Sendable {
    private let inside = Atomic<Int>(0)
    private let highest = Atomic<Int>(0)

    /// Marks a caller entering the section.
    func enter() {
        let now = inside.add(1, ordering: .sequentiallyConsistent).newValue
        highest.max(now, ordering: .sequentiallyConsistent)
    }

    /// Marks a caller leaving the section.
    func leave() {
        inside.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// The most callers seen inside at once.
    var maximumConcurrency: Int {
        highest.load(ordering: .sequentiallyConsistent)
    }
}
