
/// Fans committed changes out to `container.changes` subscribers and, for saves, to contexts that
/// merge automatically, in commit order.
final class ChangeBroadcaster: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<ModelContext.Changes>.Continuation] = [:]
        var nextSubscriber = 0
        var mergingContexts: [WeakContext] = []
    }

    private struct WeakContext {
        weak var context: ModelContext?
    }

    private let state = Locked(State())

    /// A new stream of every change published from now on.
    func subscribe() -> AsyncStream<ModelContext.Changes> {
        let (stream, continuation) = AsyncStream<ModelContext.Changes>.makeStream()
        let id = state.withLock { state in
            defer { state.nextSubscriber += 1 }
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Adds or removes a context from the automatic merges.
    func setAutomaticMerging(_ on: Bool, for context: ModelContext) {
        state.withLock { state in
            state.mergingContexts.removeAll { $0.context == nil || $0.context === context }
            if on { state.mergingContexts.append(WeakContext(context: context)) }
        }
    }

    /// Yields to every subscriber, then, for a context's save, enqueues a merge on every
    /// auto-merging context but the one that saved.
    ///
    /// A batch request (`origin` nil) reaches subscribers only: Core Data's batch requests work
    /// "in the persistent store itself", and `automaticallyMergesChangesFromParent` never sees
    /// them; the app merges their result by hand (``ModelContext/mergeChanges(fromRemoteContextSave:into:)``).
    func publish(_ changes: ModelContext.Changes, from origin: ModelContext?) {
        let (subscribers, contexts) = state.withLock { state in
            (Array(state.subscribers.values), origin == nil ? [] : state.mergingContexts.compactMap(\.context))
        }
        for subscriber in subscribers {
            subscriber.yield(changes)
        }
        for context in contexts where context !== origin {
            context.enqueue("merge") { context.mergeChanges(fromContextDidSave: changes) }
        }
    }
}
