import Synchronization

/// What a context's objects know of it: the context itself, weakly (the context holds its
/// registered objects), and the switch every attribute access reads first.
///
/// One per context, shared by all its objects and set once on each when it is registered.
// @unchecked: `context` is written once, in the context's initializer, before the link is handed to
// any object; after that it is only read.
final class ContextLink: @unchecked Sendable {
    private(set) weak var context: ModelContext?
    /// The container's access policy, shared with the container.
    let accessPolicy: AccessPolicySwitch

    init(accessPolicy: AccessPolicySwitch) {
        self.accessPolicy = accessPolicy
        // Read the debug mode once, so that one set from the environment reaches QueueWatchdog
        // before any object is linked to a context.
        _ = ConcurrencyDebug.isChecking
    }

    /// Called once, by the context's initializer.
    func bind(_ context: ModelContext) {
        self.context = context
    }

}
