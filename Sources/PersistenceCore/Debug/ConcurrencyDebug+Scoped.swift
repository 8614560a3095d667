import Foundation

extension ConcurrencyDebug {
    /// Runs `body` with the debug mode set to `mode`, then restores the previous mode, and returns
    /// the violations recorded meanwhile.
    ///
    /// The mode is process-wide, so callers of this method take turns: two tests (or two
    /// lessons) that each want `.record` never switch it off under each other's feet.
    ///
    /// Inside `body`, the process-wide mode decides, even under
    /// ``withTaskMode(_:isolation:_:)``: a test that shows a violation on purpose runs it here.
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
        let result = try await TaskMode.$current.withValue(nil, operation: body)
        return (result, recorded(since: start))
    }

    private static let turns = AsyncTurnstile()
}

/// A FIFO lock for async code: one holder at a time, waiters resume in arrival order.
final class AsyncTurnstile: Sendable {
    private struct State {
        var isHeld = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state in
                if state.isHeld {
                    state.waiters.append(continuation)
                    return false
                }
                state.isHeld = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.isHeld = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
