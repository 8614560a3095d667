/// A context's children that merge its saves automatically
/// (``ModelContext/automaticallyMergesChangesFromParent`` on a child), held weakly: a child
/// lives as long as its owner keeps it.
final class ChildContexts: Sendable {
    private struct WeakChild {
        weak var context: ModelContext?
    }

    private let children = Locked<[WeakChild]>([])

    /// Adds `child` to the merges, or takes it out.
    func set(_ merging: Bool, for child: ModelContext) {
        children.withLock { children in
            children.removeAll { $0.context == nil || $0.context === child }
            if merging { children.append(WeakChild(context: child)) }
        }
    }

    /// Enqueues a merge of `changes`, which their parent just saved, on each merging child's queue.
    func merge(_ changes: ModelContext.Changes) {
        let merging = children.withLock { $0.compactMap(\.context) }
        for child in merging {
            child.enqueue("merge from parent") { child.mergeChanges(fromContextDidSave: changes) }
        }
    }
}
