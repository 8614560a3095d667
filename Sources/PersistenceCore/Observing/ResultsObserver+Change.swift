extension ResultsObserver {
    /// What differs between two lists of identifiers, given what the event says was updated
    /// (nil: anything may have been): the rows only in `new` were inserted, those only in `old`
    /// deleted, and of the rows in both, those that left their order moved.
    ///
    /// Which rows moved is the longest run of kept rows already in their old order (their old
    /// positions increasing along `new`): every kept row outside it moved. That is what a diff
    /// of the two lists would infer, found in O(n log n). The standard library's diff
    /// (`difference(from:)`, then `inferringMoves()`) costs the lists' length times the number
    /// of edits: a list of every item taking in a 100k-item import saved at once spent 19 s on
    /// it, on the main queue (the benchmarks' target 2, on a 2-CPU AMD EPYC); the whole update,
    /// the fetch included, now takes under a tenth of a second there.
    static func change(from old: [PersistentIdentifier], to new: [PersistentIdentifier],
                       updated: Set<PersistentIdentifier>?) -> Change {
        var change = Change()
        var positionBefore = [PersistentIdentifier: Int](minimumCapacity: old.count)
        for (position, identifier) in old.enumerated() {
            positionBefore[identifier] = position
        }
        // The kept rows in their new order, with where each was before.
        var kept: [PersistentIdentifier] = []
        var keptPositionsBefore: [Int] = []
        for identifier in new {
            if let position = positionBefore.removeValue(forKey: identifier) {
                kept.append(identifier)
                keptPositionsBefore.append(position)
            } else {
                change.inserted.insert(identifier)
            }
        }
        change.deleted = Set(positionBefore.keys)
        let inOrder = longestIncreasingRun(keptPositionsBefore)
        for (index, identifier) in kept.enumerated() where !inOrder[index] {
            change.moved.insert(identifier)
        }
        let keptSet = Set(kept)
        change.updated = updated.map { keptSet.intersection($0) } ?? keptSet
        return change
    }

    /// Marks the members of one longest strictly increasing subsequence of `values`, by
    /// patience sorting: for each length, the smallest value that ends a run that long so far,
    /// found by binary search; each value remembers the one before it in its run.
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var ends: [Int] = []  // ends[k]: the index of the smallest value ending a run of k + 1
        var before = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if values[ends[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { before[index] = ends[low - 1] }
            if low == ends.count { ends.append(index) } else { ends[low] = index }
        }
        var member = [Bool](repeating: false, count: values.count)
        var index = ends.last ?? -1
        while index >= 0 {
            member[index] = true
            index = before[index]
        }
        return member
    }
}
