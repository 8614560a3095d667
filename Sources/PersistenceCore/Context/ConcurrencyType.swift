/// Which queue a context is bound to: Core Data's `NSManagedObjectContextConcurrencyType`.
public enum ConcurrencyType: Sendable, Hashable {
    /// The main queue (Core Data's view context, SwiftData's `mainContext`): for what the UI shows.
    case mainQueue
    /// A serial queue of the context's own: for work that must not block the UI.
    case privateQueue
}
