import Dispatch

extension DispatchQueue {
    /// Runs `body` on this queue (`async`) and hands its result back to the awaiting task.
    ///
    /// The scenarios use it to run code somewhere precise, e.g. `DispatchQueue.global()` as in
    /// article 000's "Modify in Wrong Thread" button, without blocking the caller's thread.
    func asyncAndAwait<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            self.async { continuation.resume(returning: body()) }
        }
    }
}
