#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each thread keeps its ``HeldQueues`` (see `Concurrency/QueueOwnership.swift`).
///
/// The plain code is Foundation's per-thread dictionary:
/// `Thread.current.threadDictionary["HeldQueues"] as? HeldQueues`, which makes a `Thread` object
/// for the thread, hashes a string key and casts the result. The queue rule reads the box on
/// every model access, so it is kept under a pthread key instead: one `pthread_getspecific`.
extension HeldQueues {
    /// The current thread's box, if it has made one.
    static var ofCurrentThread: HeldQueues? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<HeldQueues>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The current thread's box, made on first use and freed when the thread exits.
    static func madeForCurrentThread() -> HeldQueues {
        if let box = ofCurrentThread { return box }
        let box = HeldQueues()
        pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
        return box
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<HeldQueues>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<HeldQueues>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()
}
