/// The contexts whose queues the current thread holds: the one it runs on, and every context
/// waiting in a `performAndWait` further up the same chain of synchronous calls.
///
/// A context waiting in `performAndWait` cannot run anything else until the nested block returns,
/// so code in that block may use the waiting context's models as if it ran on its queue (Core
/// Data's rule for nested `performAndWait`). Knowing this is also what keeps `.autoDispatch` from
/// hopping onto a queue that is blocked waiting for the hop: it runs the access in place instead.
///
/// The tokens live in a per-thread box (see `FastPaths/ThreadLocalSlot.swift`): the queue rule
/// reads them on every model access.
enum QueueOwnership {
    /// The tokens of the contexts the current thread holds, innermost last.
    static var held: [UInt] {
        HeldQueues.ofCurrentThread?.tokens ?? []
    }

    /// Whether the current thread holds the context with `token`.
    static func holds(_ token: UInt) -> Bool {
        HeldQueues.ofCurrentThread?.tokens.contains(token) ?? false
    }

    /// Runs `body` with the thread holding `tokens` (what the caller held, plus the new context).
    static func withHeld<T, E: Error>(_ tokens: [UInt], _ body: () throws(E) -> T) throws(E) -> T {
        let box = HeldQueues.madeForCurrentThread()
        let saved = box.tokens
        box.tokens = tokens
        defer { box.tokens = saved }
        return try body()
    }
}

/// One thread's held queues: only ever touched by the thread it belongs to.
final class HeldQueues {
    var tokens: [UInt] = []
}
