// Workshop exercise: Stop the parent's queue from waiting for its child
// Lesson nested-deadlock (`swift run lab run nested-deadlock`), article 003.
//
// `refresh(_:from:)` runs on a parent context's queue (inside `parent.perform`) and asks the
// parent's child context to refresh its objects. It waits for the child with `performAndWait`. A
// child reads through its parent, on the parent's queue: if the child's queue is busy with a fetch
// at that moment, each queue waits for the other, and the app freezes for good. It happens only in
// some orders, which is why the checker explores every one. Make the child refresh without the
// parent's queue waiting for it.
//
// Check your work:  swift run lab workshop nested-deadlock
//
// Hint 1: The cycle needs both halves: the child's fetch waits for the parent's queue (you cannot
//         change that), and the parent's queue waits for the child's (you can).
// Hint 2: `perform` schedules a block on the context's queue and returns at once.
// Hint 3: `child.perform { child.refreshAllObjects() }`.

import PersistenceCore

/// Work the parent's queue runs that needs its child.
struct ChildRefresher: ChildRefreshing {
    func refresh(_ child: ModelContext, from parent: ModelContext) {
        child.performAndWait { child.refreshAllObjects() }
    }
}
