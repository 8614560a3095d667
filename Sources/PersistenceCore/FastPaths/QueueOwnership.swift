#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The contexts whose queues the current thread holds: the one it runs on, and every context
/// waiting in a `performAndWait` further up the same chain of synchronous calls.
///
/// A context waiting in `performAndWait` cannot run anything else until the nested block returns,
/// so code in that block may use the waiting context's models as if it ran on its queue (Core
/// Data's rule for nested `performAndWait`). Knowing this is also what keeps `.autoDispatch` from
/// hopping onto a queue that is blocked waiting for the hop: it runs the access in place instead.
enum QueueOwnership {
    /// The tokens of the contexts the current thread holds, innermost last.
    static var held: [UInt] {
        guard let pointer = pthread_getspecific(key) else { return [] }
        return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().tokens
    }

    /// Whether the current thread holds the context with `token`.
    static func holds(_ token: UInt) -> Bool {
        guard let pointer = pthread_getspecific(key) else { return false }
        return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().tokens.contains(token)
    }

    /// Runs `body` with the thread holding `tokens` (what the caller held, plus the new context).
    static func withHeld<T, E: Error>(_ tokens: [UInt], _ body: () throws(E) -> T) throws(E) -> T {
        let box = box()
        let saved = box.tokens
        box.tokens = tokens
        defer { box.tokens = saved }
        return try body()
    }

    /// A per-thread box, created on first use and freed when the thread exits.
    private static func box() -> Box {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
        }
        let box = Box()
        pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
        return box
    }

    private final class Box {
        var tokens: [UInt] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<Box>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<Box>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()
}
