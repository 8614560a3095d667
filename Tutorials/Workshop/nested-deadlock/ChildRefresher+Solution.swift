import PersistenceCore

extension Solution {
    /// Solved: the parent's queue hands the child its work and does not wait for it.
    struct ChildRefresher: ChildRefreshing {
        func refresh(_ child: ModelContext, from parent: ModelContext) {
            child.perform { child.refreshAllObjects() }
        }
    }
}
