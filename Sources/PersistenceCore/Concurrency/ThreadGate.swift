/// A one-shot signal between threads: `wait()` blocks the calling thread until `signal()` was
/// called, before or after.
///
/// Built on the package's lock, which ThreadSanitizer sees: the order a gate imposes is a
/// happens-before edge. The explorer parks a step's thread on one; a lesson forces an
/// interleaving of two threads with them (wrong-queue-mutation's lost update).
package final class ThreadGate: Sendable {
    private let isOpen = Locked(false)

    package init() {}

    package func signal() {
        isOpen.withLock { $0 = true }
    }

    package func wait() {
        isOpen.withLock(when: { $0 }) { _ in }
    }
}
