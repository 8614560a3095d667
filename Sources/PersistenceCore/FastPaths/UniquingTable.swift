/// A context's uniquing table: the one registered model of each stored row, by identifier (what
/// is in it and what is not: `Context/ModelContext+Uniquing.swift`).
///
/// The plain code is `[PersistentIdentifier: any PersistentModel]`. A store numbers each
/// entity's rows 1, 2, 3, …, and a fetch reads them in that order, so here an entity's models sit
/// in an array indexed by primary key (a ``KeyRun``): a fetch of 100k rows writes one array from
/// start to end, 16 bytes a row, where the `Dictionary` hashed every identifier and probed a table
/// of 262,144 buckets of 48 bytes, missing the cache on most rows. A key that would leave its
/// entity's array more than about half empty (row 1,000,000 looked up where rows 1 to 100 are
/// registered), and a temporary identifier, is kept in a `Dictionary` as before.
///
/// A key inside a run's range is always in the run, never in the dictionary: when a run grows, it
/// takes in the keys of its entity that the dictionary held in its new range. So a lookup looks
/// in one place.
struct UniquingTable {
    /// The models of one entity whose primary keys lie close together, by primary key.
    private struct KeyRun {
        /// The entity, in its store.
        unowned(unsafe) let scope: PersistentIdentifier.Scope
        /// The primary key of `models[0]`.
        var base: Int64 = 0
        /// The model of row `base + i` at `i`, nil where none is registered.
        var models: [(any PersistentModel)?] = []
        /// How many of `models` are not nil.
        var count = 0
        /// How many of the entity's permanent identifiers are in the dictionary instead.
        var spilled = 0

        /// Starts the run again at `key` if it holds nothing, here or in the dictionary: its next
        /// keys may be anywhere.
        mutating func restartIfEmpty(at key: Int64) {
            guard count == 0 && spilled == 0 else { return }
            models = []
            base = key
        }

        /// The index of row `key` in `models`, if the run covers it.
        @inline(__always)
        func index(of key: Int64) -> Int? {
            key >= base && key - base < Int64(models.count) ? Int(key - base) : nil
        }
    }

    /// Empty slots a run may hold beyond one per model it holds: a small run never spills.
    private static let slack: Int64 = 1024

    private var runs: [KeyRun] = []
    /// Temporary identifiers, and permanent ones no run covers.
    private var others: [PersistentIdentifier: any PersistentModel] = [:]

    /// The model registered under `identifier`, or nil; setting nil unregisters it.
    subscript(identifier: PersistentIdentifier) -> (any PersistentModel)? {
        get {
            if let (run, index) = place(of: identifier) { return runs[run].models[index] }
            return others.isEmpty ? nil : others[identifier]
        }
        set {
            withEntry(for: identifier) { $0 = newValue }
        }
    }

    /// Runs `body` on the entry for `identifier`, nil when no model is registered under it: one
    /// lookup for a caller that reads the entry, then fills it. Always inlined, so that `body`
    /// (a fetch's, for each row) is too.
    @inline(__always)
    mutating func withEntry<Result>(for identifier: PersistentIdentifier,
                                    _ body: (inout (any PersistentModel)?) -> Result) -> Result {
        // How many models `body` added (1) or removed (-1), for the counts kept beside the entries.
        var change = 0
        @inline(__always)
        func counted(_ entry: inout (any PersistentModel)?) -> Result {
            let had = entry != nil
            let result = body(&entry)
            change = (entry != nil ? 1 : 0) - (had ? 1 : 0)
            return result
        }
        if let (run, index) = place(of: identifier) ?? makeRoom(for: identifier) {
            let result = counted(&runs[run].models[index])
            runs[run].count += change
            return result
        }
        // The dictionary grows when half of what it holds before growing on its own is used:
        // fuller, identifiers placed by groups of consecutive keys collide in long runs
        // (`PersistentIdentifier+Hashing.swift`).
        if others.count * 2 >= others.capacity { others.reserveCapacity(others.count * 2 + 8) }
        let result = counted(&others[identifier])
        if change != 0, !identifier.isTemporary { runs[run(of: identifier.scope)].spilled += change }
        return result
    }

    /// Gives the run of `scope` room for the rows `keys` before `count` of them are registered
    /// one by one: a fetch knows its rows' keys before it makes their models. Keys the run cannot
    /// take (too far apart) are given room in the dictionary instead.
    mutating func makeRoom(forKeys keys: ClosedRange<Int64>, count: Int, of scope: PersistentIdentifier.Scope) {
        let run = run(of: scope)
        runs[run].restartIfEmpty(at: keys.lowerBound)
        if runs[run].index(of: keys.lowerBound) != nil && runs[run].index(of: keys.upperBound) != nil { return }
        if !cover(keys, inRun: run, expecting: count, growingBeyond: false) {
            others.reserveCapacity((others.count + count) * 2)
        }
    }

    /// Every registered model: the runs' in key order, then the dictionary's.
    var values: [any PersistentModel] {
        runs.flatMap { $0.models.compactMap { $0 } } + others.values
    }

    /// Unregisters every model.
    mutating func removeAll() {
        runs = []
        others = [:]
    }

    // MARK: Placing keys

    /// Where `identifier`'s entry is kept in a run, if a run covers it.
    @inline(__always)
    private func place(of identifier: PersistentIdentifier) -> (run: Int, index: Int)? {
        guard case .permanent(let key) = identifier.storage else { return nil }
        for run in runs.indices where runs[run].scope === identifier.scope {
            return runs[run].index(of: key).map { (run, $0) }
        }
        return nil
    }

    /// Grows the run of `identifier`'s entity to cover it, if it then holds at least about one
    /// model for every two slots; nil when `identifier` belongs in the dictionary.
    private mutating func makeRoom(for identifier: PersistentIdentifier) -> (run: Int, index: Int)? {
        guard case .permanent(let key) = identifier.storage, key > 0 else { return nil }
        let run = run(of: identifier.scope)
        runs[run].restartIfEmpty(at: key)
        guard cover(key...key, inRun: run, expecting: 1, growingBeyond: true) else { return nil }
        return runs[run].index(of: key).map { (run, $0) }
    }

    /// Grows run `run` to cover `keys`, if it then spans at most two slots for each model it
    /// holds and `expected` more, plus ``slack``; false, leaving it as it is, if not.
    ///
    /// With `growingBeyond`, a run grows by as much again as it holds, where that stays within the
    /// bound, so that keys registered one at a time do not copy the run for each: the array
    /// doubles, as an array appended to does.
    private mutating func cover(_ keys: ClosedRange<Int64>, inRun run: Int, expecting expected: Int,
                                growingBeyond: Bool) -> Bool {
        let old = runs[run]
        let oldEnd = old.base + Int64(old.models.count)  // one past the last key covered
        var lower = old.models.isEmpty ? keys.lowerBound : min(old.base, keys.lowerBound)
        var end = old.models.isEmpty ? keys.upperBound + 1 : max(oldEnd, keys.upperBound + 1)
        let longest = 2 * Int64(old.count + expected) + Self.slack
        guard end - lower <= longest else { return false }
        if growingBeyond {
            let more = min(Int64(old.models.count), longest - (end - lower))
            if keys.lowerBound < old.base { lower = max(1, lower - more) } else { end += more }
        }
        if lower == old.base || old.models.isEmpty {
            runs[run].base = lower
            runs[run].models.append(contentsOf: repeatElement(nil, count: Int(end - lower) - old.models.count))
        } else {
            var models = [(any PersistentModel)?](repeating: nil, count: Int(end - lower))
            let shift = Int(old.base - lower)
            for (index, model) in old.models.enumerated() where model != nil { models[shift + index] = model }
            runs[run].models = []  // the old array's last reference goes, before the new one is stored
            runs[run].models = models
            runs[run].base = lower
        }
        if old.spilled > 0 { takeSpilledKeys(intoRun: run) }
        return true
    }

    /// Moves the entries of run `run`'s entity that the dictionary holds, within the run's range,
    /// into the run.
    private mutating func takeSpilledKeys(intoRun run: Int) {
        let scope = runs[run].scope
        let taken = others.filter { identifier, _ in
            guard identifier.scope === scope, case .permanent(let key) = identifier.storage else { return false }
            return runs[run].index(of: key) != nil
        }
        for (identifier, model) in taken {
            guard case .permanent(let key) = identifier.storage, let index = runs[run].index(of: key) else { continue }
            others[identifier] = nil
            runs[run].models[index] = model
        }
        runs[run].count += taken.count
        runs[run].spilled -= taken.count
    }

    /// The index of `scope`'s run, made now (empty) if there is none.
    private mutating func run(of scope: PersistentIdentifier.Scope) -> Int {
        if let run = runs.firstIndex(where: { $0.scope === scope }) { return run }
        runs.append(KeyRun(scope: scope))
        return runs.count - 1
    }
}
