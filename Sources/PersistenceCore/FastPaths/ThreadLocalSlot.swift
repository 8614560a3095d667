#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread key whose value, on each thread, is one object of `Box`: made on the thread's first
/// use, held by the key and released when the thread exits.
///
/// The plain code is Foundation's per-thread dictionary:
/// `Thread.current.threadDictionary["HeldQueues"] as? HeldQueues`, which makes a `Thread` object
/// for the thread, hashes a string key and casts the result. The box kept here is read on every
/// checked model access (``HeldQueues``): one `pthread_getspecific` each. A key, not a C
/// thread-local variable as the adoption offer is (`BackingData+Adoption.swift`): the key frees
/// each thread's box when the thread exits, which a C thread-local cannot.
struct ThreadLocalKey<Box: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            // The key's reference, taken when the box was made (the type does not matter to a release).
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        self.key = key
    }

    /// The current thread's box, if it has made one; unretained, as the key holds it for the
    /// thread's life.
    var current: Unmanaged<Box>? {
        pthread_getspecific(key).map { Unmanaged.fromOpaque($0) }
    }

    /// The current thread's box, made by `make` on first use; unretained, as ``current``.
    func current(orMake make: () -> Box) -> Unmanaged<Box> {
        if let box = current { return box }
        let box = Unmanaged.passRetained(make())
        pthread_setspecific(key, box.toOpaque())
        return box
    }
}

/// Where each thread keeps its ``HeldQueues`` (see `Concurrency/QueueOwnership.swift`).
extension HeldQueues {
    /// The current thread's box, if it has made one.
    static var ofCurrentThread: HeldQueues? { key.current?.takeUnretainedValue() }

    /// The current thread's box, made on first use and freed when the thread exits.
    static func madeForCurrentThread() -> HeldQueues {
        key.current(orMake: HeldQueues.init).takeUnretainedValue()
    }

    private static let key = ThreadLocalKey<HeldQueues>()
}
