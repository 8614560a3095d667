import Synchronization

/// The rule the whole course is about, in one place: a context and its models are used only on
/// the context's queue.
///
/// Every public entry point of ``ModelContext`` asks ``check(_:on:)``; every attribute get and
/// set of a model asks ``access(_:of:on:isWrite:)``. Nothing else decides. (GRDB's
/// `SchedulingWatchdog` plays the same part for its databases.)
///
/// *Where am I?* Code may use a context when it runs on the context's queue, found by a key set
/// on the queue (``QueueIdentity``, never `Thread.isMainThread`), or when the context is waiting
/// for it in a `performAndWait` further up the same chain of calls (``QueueOwnership``): that
/// context can run nothing else meanwhile, Core Data's rule for nested `performAndWait`.
///
/// *And if not?* It depends on the mode and the policy:
///
/// | | ``AccessPolicy/confined`` (Core Data) | ``AccessPolicy/autoDispatch`` (SwiftData's hop) |
/// | --- | --- | --- |
/// | ``ConcurrencyDebug/Mode/off`` | allowed: a silent data race | an attribute access hops to the queue |
/// | ``ConcurrencyDebug/Mode/record`` | recorded, then allowed | an attribute access hops; other operations are recorded |
/// | ``ConcurrencyDebug/Mode/trap`` | the process stops, naming both queues | an attribute access hops; other operations stop the process |
enum QueueWatchdog {
    /// Whether the current code may use `context`: it runs on the context's queue, or the
    /// context is waiting for it in `performAndWait`.
    static func allows(_ context: ModelContext) -> Bool {
        let onQueue = switch context.concurrencyType {
        case .mainQueue: QueueIdentity.isOnMainQueue
        case .privateQueue: QueueIdentity.currentContextToken == context.token
        }
        return onQueue || QueueOwnership.holds(context.token)
    }

    /// A context operation (a fetch, a save, an insert…): reported as a violation when the
    /// current code may not use `context` and ``ConcurrencyDebug`` is on.
    static func check(_ operation: @autoclosure () -> String, on context: ModelContext) {
        guard ConcurrencyDebug.isChecking, !allows(context) else { return }
        ConcurrencyDebug.report(violation(operation(), on: context))
    }

    /// What an attribute access must do.
    enum Access {
        /// Go ahead on this thread (allowed, or a violation already reported).
        case inPlace
        /// Hop onto the context's queue synchronously and do it there (`.autoDispatch`).
        case hop
    }

    /// An attribute get or set of `data`'s attribute `index`, registered in `context`.
    static func access(_ index: Int, of data: BackingData, on context: ModelContext, isWrite: Bool) -> Access {
        access(data.entity.attributes[index].name, of: data, on: context, isWrite: isWrite)
    }

    /// A get or set of `data`'s property `name` (an attribute or a relationship), registered in
    /// `context`: relationships obey the same rule as attributes.
    static func access(_ name: @autoclosure () -> String, of data: BackingData, on context: ModelContext, isWrite: Bool) -> Access {
        let policy = context.container.accessPolicy
        guard policy == .autoDispatch || ConcurrencyDebug.isChecking, !allows(context) else { return .inPlace }
        if policy == .autoDispatch { return .hop }
        let operation = "\(data.entity.name).\(name()) \(isWrite ? "set" : "get")"
        ConcurrencyDebug.report(violation(operation, on: context))
        return .inPlace
    }

    /// Whether an access through `link` may need ``access(_:of:on:isWrite:)`` at all:
    /// ``ConcurrencyDebug`` is on, or its container hops. Two plain loads.
    static func checksAccess(through link: ContextLink) -> Bool {
        ConcurrencyDebug.isChecking || link.accessPolicy.value == .autoDispatch
    }

    /// Whether any attribute access in the process may need a check: one load, so that the
    /// hottest path of the library, an attribute read with every check off, skips the rest.
    ///
    /// Bit 0 says debugging is on; the rest count the `.autoDispatch` policy switches (twice).
    /// When it is set, the object's own context decides exactly, so a container with
    /// `.autoDispatch` only sends other containers' reads down that slower, still correct, path.
    static var mayCheckAccess: Bool { accessState.load(ordering: .relaxed) != 0 }

    /// Called when ``ConcurrencyDebug/mode`` turns checking on or off.
    static func noteDebugChecking(_ on: Bool) {
        if on {
            accessState.bitwiseOr(1, ordering: .relaxed)
        } else {
            accessState.bitwiseAnd(~1, ordering: .relaxed)
        }
    }

    /// Called when a container's policy turns `.autoDispatch` on or off.
    static func noteAutoDispatch(_ on: Bool) {
        accessState.add(on ? 2 : -2, ordering: .relaxed)
    }

    /// A constant initial value, so reading it needs no lazy initialization; the mode read from
    /// the environment sets bit 0 when ``ConcurrencyDebug`` first loads it, which every
    /// ``ContextLink`` makes happen before an object can be linked.
    private static let accessState = Atomic<Int>(0)

    private static func violation(_ operation: String, on context: ModelContext) -> ConcurrencyViolation {
        ConcurrencyViolation(expectedQueue: context.queueLabel, thread: QueueIdentity.currentLabel, operation: operation)
    }
}
