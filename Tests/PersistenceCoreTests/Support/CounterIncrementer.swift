import PersistenceCore

/// A model actor that adds one to a ``Counter`` row per call: one of the stress tests' writers.
///
/// Every increment is a read-modify-write: read the latest committed value, add one, save. Two
/// actors can read the same value and both save value + 1; what happens then is the merge policy's
/// choice, which is the lesson of ``CounterStress``.
@BackgroundModelActor actor CounterIncrementer {
    /// Sets how this actor's saves resolve conflicts.
    func use(_ policy: MergePolicy) {
        modelContext.mergePolicy = policy
    }

    /// Adds one to the counter and saves; returns how many conflicts it met on the way.
    ///
    /// Under `.error` a conflict (another actor saved between our read and our save) throws and
    /// writes nothing, so we refresh and try again: no increment is lost. Under a policy that
    /// resolves conflicts itself the save never throws, so there is no retry: a stale value + 1
    /// may overwrite someone else's increment.
    func increment(_ id: PersistentIdentifier) throws -> Int {
        guard let counter = self[id, as: Counter.self] else { throw ModelError.modelNotFound(id) }
        var conflicts = 0
        while true {
            // Forget what this context knew: the next read loads the latest committed value.
            modelContext.refresh(counter, mergeChanges: false)
            counter.value += 1
            do {
                try modelContext.save()
                return conflicts
            } catch ModelError.mergeConflict {
                conflicts += 1
            }
        }
    }
}
