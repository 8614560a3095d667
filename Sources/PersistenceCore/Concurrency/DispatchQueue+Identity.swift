import Dispatch
#if canImport(CDispatch)
import CDispatch
#endif

/// Answers "which queue am I on?" the way that works on Linux: by queue-specific keys, never by
/// `Thread.isMainThread`.
///
/// On Linux, after the first `await` of an async `main`, and in every Swift Testing test, the main
/// queue is drained by a worker thread: `Thread.isMainThread` is false there even inside
/// `@MainActor` code, and it got four of the places we tried wrong. A key set once on
/// `DispatchQueue.main` and read with `DispatchQueue.getSpecific(key:)` answered right in every
/// one (top-level code before and after an `await`, `Task { @MainActor in }`, `MainActor.run`,
/// `DispatchQueue.main.async`, XCTest and Swift Testing `@MainActor` tests) and said no in
/// `Task.detached`, plain async tests, a private queue's `sync` and `DispatchQueue.global()`.
/// The label is only for messages: a private queue merely *named* "com.apple.main-thread" would
/// fool a label check. See the article "Queues and executors on Linux".
package enum QueueIdentity {
    /// Marks `DispatchQueue.main`; set once, lazily, from any thread.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Marks each private context queue with its context's token.
    static let contextQueueKey = DispatchSpecificKey<UInt>()

    /// The label `DispatchQueue.main` reports, as on Apple platforms.
    package static let mainQueueLabel = "com.apple.main-thread"

    /// True when the current code runs on the main queue (the MainActor's queue).
    static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// The token of the private context queue the current code runs on, if any.
    static var currentContextToken: UInt? {
        DispatchQueue.getSpecific(key: contextQueueKey)
    }

    /// The label of the queue the current code runs on, as `dispatch_queue_get_label(nil)` gives it.
    static var currentLabel: String {
        #if canImport(CDispatch)
        String(cString: dispatch_queue_get_label(nil))
        #else
        String(cString: __dispatch_queue_get_label(nil))
        #endif
    }
}

extension DispatchQueue {
    /// The label of the queue the caller runs on: the `DispatchQueue.currentLabel` of article 000.
    public static var currentLabel: String { QueueIdentity.currentLabel }
}
