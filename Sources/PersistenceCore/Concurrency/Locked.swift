import Foundation

/// A value behind a lock: the package's one lock type.
///
/// Every piece of state that threads share outside a context's queue lives in one of these, read
/// and written only inside `withLock { }`, so no lock is ever taken or forgotten by hand beside
/// the state it guards (swift-concurrency-extras' `LockIsolated` has the same shape).
///
/// It is built on `NSCondition`, a pthread mutex and condition variable, because ThreadSanitizer
/// sees those taken. On Linux it does not see `Synchronization.Mutex` taken (a futex it has no
/// interceptor for): state guarded by one is reported as a race once two threads contend, and a
/// real race on it cannot be told apart, so the ThreadSanitizer run in CI would prove nothing there.
/// The condition variable also lets a caller wait until the value is what it needs
/// (`withLock(when:)`); every `withLock` wakes the waiters when it ends.
///
/// > Warning: Do not call back into the same `Locked` from inside `withLock`: the lock is not
/// > recursive, and the thread would wait on itself forever.
// @unchecked: `stored` is only read or written while `condition` is locked.
package final class Locked<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: Value

    package init(_ value: Value) {
        stored = value
    }

    /// Runs `body` with the value, alone: no other `withLock` on this lock runs meanwhile.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&stored)
    }

    /// Waits until `isReady` holds for the value, then runs `body` with it, alone.
    package func withLock<Result, Failure: Error>(
        when isReady: (Value) -> Bool,
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !isReady(stored) { condition.wait() }
        return try body(&stored)
    }

    /// Waits until `isReady` holds for the value, then runs `body` with it, alone; nil if
    /// `deadline` passes first.
    package func withLock<Result, Failure: Error>(
        when isReady: (Value) -> Bool,
        deadline: Date,
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !isReady(stored) {
            guard condition.wait(until: deadline) || isReady(stored) else { return nil }
        }
        return try body(&stored)
    }
}

extension Locked where Value: Sendable {
    /// A copy of the value as it is now.
    package var value: Value { withLock { $0 } }
}
