import Foundation

extension ConcurrencyDebug {
    /// Runs `body` with the debug mode set to `mode`, then restores the previous mode, and returns
    /// the violations recorded meanwhile.
    ///
    /// The mode is process-wide, so callers of this method take turns: two tests (or two
    /// scenarios) that each want `.record` never switch it off under each other's feet.
    ///
    /// > Warning: Code that sets ``mode`` directly while a scoped run is in progress still
    /// > changes it for everyone.
    public static func withMode<T>(
        _ mode: Mode, _ body: () async throws -> T
    ) async rethrows -> (result: T, violations: [ConcurrencyViolation]) {
        await turns.acquire()
        let previous = self.mode
        let start = recordedCount
        self.mode = mode
        defer {
            self.mode = previous
            turns.release()
        }
        let result = try await body()
        return (result, recorded(since: start))
    }

    private static let turns = AsyncTurnstile()
}

/// A FIFO lock for async code: one holder at a time, waiters resume in arrival order.
///
/// Guarded by an `NSLock` (a pthread mutex), not `Synchronization.Mutex`: on Linux ThreadSanitizer
/// does not see a `Mutex` taken, and reported its waiters as a race once two scoped runs contended.
final class AsyncTurnstile: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var isHeld = false  // guarded by `lock`
    nonisolated(unsafe) private var waiters: [CheckedContinuation<Void, Never>] = []  // guarded by `lock`

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = lock.withLock {
                if isHeld {
                    waiters.append(continuation)
                    return false
                }
                isHeld = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            if waiters.isEmpty {
                isHeld = false
                return nil
            }
            return waiters.removeFirst()
        }
        next?.resume()
    }
}
