import Dispatch
#if canImport(CDispatch)
import CDispatch
#endif

/// Answers "which queue am I on?" the way that works on Linux: by queue-specific keys, never by
/// `Thread.isMainThread` (which is false on the main queue under Swift Testing, see NOTES.md).
enum QueueIdentity {
    /// Marks `DispatchQueue.main`; set once, lazily, from any thread.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Marks each private context queue with its context's token.
    static let contextQueueKey = DispatchSpecificKey<UInt>()

    /// The label `DispatchQueue.main` reports, as on Apple platforms.
    static let mainQueueLabel = "com.apple.main-thread"

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
