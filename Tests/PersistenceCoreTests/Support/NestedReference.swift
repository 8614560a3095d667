/// What nested contexts should do, written as plainly as possible: the store, and for each context
/// its parent, what it holds (current and last-read values) and its unsaved changes. Models are
/// items named by their title, whose one changing attribute is `count`.
///
/// A child sees the store with every context above it laid over (their unsaved values, new
/// models and deletions); a model it holds keeps its own values. A child's save pushes its changes
/// into its parent; the root's save writes the store. Children that merge automatically refresh
/// what they hold when their parent saves.
struct NestedReference {
    struct Context {
        let parent: Int?
        let mergesFromParent: Bool
        /// Current values of the models it holds.
        var current: [String: Int] = [:]
        /// Their values as last read (or pushed, or merged): what a rollback returns to.
        var cached: [String: Int] = [:]
        var inserted: Set<String> = []
        var updated: Set<String> = []
        var deleted: Set<String> = []

        var hasChanges: Bool { !inserted.isEmpty || !updated.isEmpty || !deleted.isEmpty }
        /// The new and changed models, not those whose deletion is pending.
        var pending: [String] { Array(inserted.union(updated).subtracting(deleted)) }
        var changed: Set<String> { updated.subtracting(deleted) }

        func fresh() -> Context { Context(parent: parent, mergesFromParent: mergesFromParent) }
    }

    var store: [String: Int] = [:]
    var contexts: [Context]
    /// How often each situation came up: a sequence run checks that its seeds reach them all.
    var events: [String: Int] = [:]
    static let situations = ["a child's save refused", "a child's save", "a root's save", "a merge refreshed", "a merge dropped"]

    /// What `context`'s children see: its parent's view with its own unsaved changes on top.
    func view(of context: Int) -> (values: [String: Int], deleted: Set<String>) {
        var (values, deleted) = contexts[context].parent.map { view(of: $0) } ?? ([:], [])
        for key in contexts[context].pending {
            values[key] = contexts[context].current[key]
            deleted.remove(key)
        }
        for key in contexts[context].deleted {
            values[key] = nil
            deleted.insert(key)
        }
        return (values, deleted)
    }

    /// The value `context` reads for a model it does not hold; nil when there is none for it.
    func base(_ key: String, in context: Int) -> Int? {
        guard let parent = contexts[context].parent else { return store[key] }
        let (values, deleted) = view(of: parent)
        if deleted.contains(key) { return nil }
        return values[key] ?? store[key]
    }

    /// The models a fetch of every item in `context` returns, with their values; they are held
    /// from then on. Its own unsaved changes count, as in any fetch: models it inserted or changed
    /// are in, whatever the contexts above say, and models it deleted are out.
    mutating func fetch(in context: Int) -> [String: Int] {
        var keys = Set(store.keys)
        if let parent = contexts[context].parent {
            let (values, deleted) = view(of: parent)
            keys.formUnion(values.keys)
            keys.subtract(deleted)
        }
        keys.formUnion(contexts[context].inserted)
        keys.formUnion(contexts[context].updated)
        keys.subtract(contexts[context].deleted)
        var result: [String: Int] = [:]
        for key in keys {
            result[key] = hold(key, in: context)
        }
        return result
    }

    /// Registers `key` in `context` if it is not held yet; its current value.
    @discardableResult
    mutating func hold(_ key: String, in context: Int) -> Int? {
        if let value = contexts[context].current[key] { return value }
        guard let value = base(key, in: context) else { return nil }
        contexts[context].current[key] = value
        contexts[context].cached[key] = value
        return value
    }

    /// The keys `context` can look up and change: held and not deleted there, or readable.
    func reachable(in context: Int) -> [String] {
        var keys = Set(contexts[context].current.keys).subtracting(contexts[context].deleted)
        var candidates = Set(store.keys)
        if let parent = contexts[context].parent {
            let (values, deleted) = view(of: parent)
            candidates.formUnion(values.keys)
            candidates.subtract(deleted)
        }
        keys.formUnion(candidates.subtracting(contexts[context].current.keys))
        return keys.sorted()
    }

    mutating func insert(_ key: String, in context: Int) {
        contexts[context].inserted.insert(key)
        contexts[context].current[key] = 0
    }

    mutating func set(_ key: String, to value: Int, in context: Int) {
        guard let old = hold(key, in: context), old != value else { return }
        contexts[context].current[key] = value
        if !contexts[context].inserted.contains(key) { contexts[context].updated.insert(key) }
    }

    mutating func delete(_ key: String, in context: Int) {
        hold(key, in: context)
        if contexts[context].inserted.remove(key) != nil {
            contexts[context].current[key] = nil
            contexts[context].cached[key] = nil
            return
        }
        // A changed model stays changed while its deletion is pending: a rollback restores it.
        contexts[context].deleted.insert(key)
    }

    mutating func rollback(in context: Int) {
        for key in contexts[context].inserted {
            contexts[context].current[key] = nil
            contexts[context].cached[key] = nil
        }
        for key in contexts[context].updated {
            contexts[context].current[key] = contexts[context].cached[key]
        }
        contexts[context].inserted = []
        contexts[context].updated = []
        contexts[context].deleted = []
    }

    /// The save of `context`; false when it must fail (a child's change to a model its parent
    /// cannot reach), and then nothing changes.
    mutating func save(_ context: Int) -> Bool {
        let saving = contexts[context]
        guard saving.hasChanges else { return true }
        let changed = Array(saving.changed) + Array(saving.deleted)
        if let parent = saving.parent {
            for key in changed {
                let held = contexts[parent].current[key] != nil
                let reachable = held ? !contexts[parent].deleted.contains(key) : base(key, in: parent) != nil
                guard reachable else {
                    events["a child's save refused", default: 0] += 1
                    return false
                }
            }
            events["a child's save", default: 0] += 1
            for key in saving.inserted.sorted() {
                contexts[parent].inserted.insert(key)
                contexts[parent].current[key] = saving.current[key]
            }
            for key in saving.changed.sorted() {
                set(key, to: saving.current[key] ?? 0, in: parent)
            }
            for key in saving.deleted.sorted() {
                delete(key, in: parent)
            }
        } else {
            events["a root's save", default: 0] += 1
            for key in saving.pending { store[key] = saving.current[key] }
            for key in saving.deleted { store[key] = nil }
        }
        for key in saving.pending { contexts[context].cached[key] = saving.current[key] }
        for key in saving.deleted {
            contexts[context].current[key] = nil
            contexts[context].cached[key] = nil
        }
        contexts[context].inserted = []
        contexts[context].updated = []
        contexts[context].deleted = []
        // Children that merge automatically take the save in: what it updated is read again (their
        // own changes kept), what it deleted goes.
        for child in contexts.indices where contexts[child].parent == context && contexts[child].mergesFromParent {
            merge(updated: saving.changed, deleted: saving.deleted, into: child)
        }
        return true
    }

    private mutating func merge(updated: Set<String>, deleted: Set<String>, into context: Int) {
        for key in updated.sorted() where contexts[context].current[key] != nil && !contexts[context].inserted.contains(key) {
            guard let fresh = base(key, in: context) else {
                drop(key, from: context)
                continue
            }
            events["a merge refreshed", default: 0] += 1
            contexts[context].cached[key] = fresh
            if !contexts[context].updated.contains(key) { contexts[context].current[key] = fresh }
        }
        for key in deleted.sorted() where contexts[context].current[key] != nil {
            drop(key, from: context)
        }
    }

    private mutating func drop(_ key: String, from context: Int) {
        events["a merge dropped", default: 0] += 1
        contexts[context].current[key] = nil
        contexts[context].cached[key] = nil
        contexts[context].updated.remove(key)
        contexts[context].deleted.remove(key)
    }
}
