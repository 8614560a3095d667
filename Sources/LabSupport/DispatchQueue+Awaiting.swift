import Dispatch

extension DispatchQueue {
    /// Runs `body` on this queue (`async`) and hands its result back to the awaiting task: the
    /// package's one way to wait for work somewhere precise without blocking the caller's thread.
    ///
    /// The lessons run code on `DispatchQueue.global()` as article 000's "Modify in Wrong Thread"
    /// button does, or on the main queue as a view would; the tests and `ChildProcess` park a
    /// blocking wait on a dispatch thread, never on one of the cooperative pool's.
    package func asyncAndAwait<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            self.async { continuation.resume(returning: body()) }
        }
    }
}
