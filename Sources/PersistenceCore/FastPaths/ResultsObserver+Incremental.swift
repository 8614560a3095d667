/// Updating the results in place for a few changed rows, as `NSFetchedResultsController` does,
/// instead of fetching everything again.
///
/// A delivery that fetched 10,000 rows again for one changed row took 20-60 ms on 2 cores
/// (`Benchmarks/`, target 9): longer than a frame. Placing the few changed models costs
/// microseconds. The result is the one a fetch would give: the same predicate, evaluated in
/// memory on models that hold exactly what the store holds, and the same order (the sort
/// descriptors, then the primary key, as the fetch's SQL orders them). Whenever that cannot be
/// guaranteed, the observer fetches again; `ResultsObserverTests` compares both after every step
/// of random changes.
extension ResultsObserver {
    /// The most changed rows placed one by one; more than this, and a fetch is cheaper.
    static var incrementalLimit: Int { 100 }

    /// The results after `event`, placed in memory, and what changed; nil when only a fetch can
    /// tell.
    ///
    /// What changed is known from the placing itself, so no diff of the whole list is needed:
    /// a changed row's rank among the rows that did not change, before and after, says whether
    /// it moved.
    func incrementalUpdate(after event: ContextEvent) -> (results: [Element], change: Change)? {
        let changes: ModelContext.Changes
        switch event {
        case .saved(let saved), .merged(let saved): changes = saved
        case .refreshed, .reset: return nil
        }
        // A limit or an offset depends on rows outside the results; unsaved changes are judged
        // by rules the SQL path applies (see `ModelContext.fetch`); both need the fetch.
        // A child's fetch goes through its parent, which only the fetch itself reads.
        guard fetchDescriptor.fetchLimit == nil, (fetchDescriptor.fetchOffset ?? 0) == 0, modelContext.parent == nil,
              !modelContext.hasPendingChanges(of: Element.self) else { return nil }
        let entities = modelContext.entityNames(ofKind: Element.self)
        let touched = changes.inserted.union(changes.updated).union(changes.deleted).filter { entities.contains($0.entityName) }
        guard touched.count <= Self.incrementalLimit else { return nil }

        // The rows that did not change, in order, and each changed row's rank among them.
        var unchanged: [Element] = []
        unchanged.reserveCapacity(results.count)
        var rankBefore: [PersistentIdentifier: Int] = [:]
        for model in results {
            let identifier = model.persistentModelID
            if touched.contains(identifier) {
                rankBefore[identifier] = unchanged.count
            } else {
                unchanged.append(model)
            }
        }
        var placed = unchanged
        var change = Change()
        for identifier in touched where !changes.deleted.contains(identifier) {
            let model: Element
            do {
                model = try modelContext.existingModel(for: identifier, as: Element.self)
            } catch ModelError.modelNotFound {
                continue  // deleted since: a fetch would not find it either
            } catch {
                return nil
            }
            if let predicate = fetchDescriptor.predicate {
                guard let matches = try? predicate.evaluate(model) else { return nil }
                if !matches { continue }
            }
            placed.insert(model, at: insertionIndex(of: model, in: placed))
            if let before = rankBefore.removeValue(forKey: identifier) {
                if changes.updated.contains(identifier) { change.updated.insert(identifier) }
                if insertionIndex(of: model, in: unchanged) != before { change.moved.insert(identifier) }
            } else {
                change.inserted.insert(identifier)
            }
        }
        change.deleted = Set(rankBefore.keys)  // shown before, not placed again
        return (placed, change)
    }

    /// Where `model` goes in `sorted`: after every model that orders before it.
    private func insertionIndex(of model: Element, in sorted: [Element]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if ordersBefore(sorted[middle], model) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The fetch's order: the sort descriptors in turn, then the primary key.
    private func ordersBefore(_ lhs: Element, _ rhs: Element) -> Bool {
        for descriptor in fetchDescriptor.sortBy {
            switch descriptor.compare(lhs, rhs) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return (lhs.persistentModelID.primaryKey ?? .max) < (rhs.persistentModelID.primaryKey ?? .max)
    }
}
