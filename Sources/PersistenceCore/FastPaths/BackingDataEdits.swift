/// What a backing data records of its object's changes since the last save or refresh: the
/// values written, which attributes and relationships changed, and each changed to-many
/// relationship's members as last read. Made by the object's first change, and kept after.
///
/// The plain code keeps these as stored properties of ``BackingData``. Here they live in an
/// object of their own, so that the backing data of an object never changed, a fetched row's as a
/// rule, is 120 bytes instead of 168 (the temporary token went into the identity's slot,
/// `IdentitySlot.swift`): prefetching 1k trips' 20k stops writes 1 MB less, and its time
/// against its own raw queries fell from 2.12x to 2.06x (the median of 8 processes of each build,
/// taking turns, each the median of 31 alternating rounds of `profile trips-rounds 1000`; AMD
/// EPYC, 2 logical CPUs). The allocator's share of that time stayed where it was (13%, `perf`):
/// the gain is the memory each row no longer touches.
///
/// An object that is changed pays one allocation more, at its first change: a new object's
/// first write, a fetched object's first edit. Importing 20k items took 2.0% more instructions
/// (callgrind, `profile import 20000`).
// Not Sendable, and reached only through its backing data, whose context's queue guards it as it
// guards the backing data's other queue-confined state.
final class BackingDataEdits {
    // Each access is a plain read, write or in-place change with no call inside it, as for the
    // backing data's own queue-confined state (see `Model/BackingData.swift`).

    /// The values written since the last read or save, one per attribute, while the backing
    /// data's `hasWrittenValues` says so.
    @exclusivity(unchecked) var writtenValues: [SQLiteValue] = []
    /// Which attributes changed since the last save or refresh.
    @exclusivity(unchecked) var changedAttributes = AttributeMask()
    /// Which relationships changed since the last save or refresh.
    @exclusivity(unchecked) var changedRelationships = AttributeMask()
    /// For each changed to-many relationship, its members as last read from the store: what a
    /// merge compares with, to keep this context's additions and removals on top of another's.
    @exclusivity(unchecked) var relationBaselines = [Int: [any PersistentModel]]()
    /// While the object is in no context: the models, also in no context, whose relationships
    /// were set to hold it. Inserting the object inserts them too, with their inverses, so that a
    /// graph built before insertion is stored whole from whichever model is inserted
    /// (`Relationships/ModelContext+Inverses.swift`).
    @exclusivity(unchecked) var unattachedOwners: [UnattachedOwner] = []
}

/// A model in no context whose relationship `index` was set to hold another model in no context:
/// its backing data, since a model's initializer sets its relationships before `self` exists.
struct UnattachedOwner {
    let data: BackingData
    let index: Int
}

extension BackingData {
    /// The record of changes, made now if the object had none.
    var edits: BackingDataEdits { withEdits { $0 } }

    /// `body`'s answer for the record of changes (made now if the object had none), lent rather
    /// than retained: the backing data holds its record for life, and its caller holds the
    /// backing data. A written value's read or write through ``edits`` retained and released the
    /// record around it (two atomic read-modify-writes, about 40 instructions per write).
    func withEdits<Result>(_ body: (BackingDataEdits) -> Result) -> Result {
        if recordedEdits == nil { recordedEdits = BackingDataEdits() }
        return Unmanaged.passUnretained(recordedEdits!)._withUnsafeGuaranteedRef(body)
    }

    /// Which attributes changed since the last save or refresh.
    var changedAttributes: AttributeMask {
        get { recordedEdits?.changedAttributes ?? AttributeMask() }
        set {
            // Clearing what was never set makes no record.
            if newValue.isEmpty, recordedEdits == nil { return }
            edits.changedAttributes = newValue
        }
    }

    /// Which relationships changed since the last save or refresh.
    var changedRelationships: AttributeMask {
        get { recordedEdits?.changedRelationships ?? AttributeMask() }
        set {
            if newValue.isEmpty, recordedEdits == nil { return }
            edits.changedRelationships = newValue
        }
    }

    /// For each changed to-many relationship, its members as last read from the store.
    var relationBaselines: [Int: [any PersistentModel]] {
        get { recordedEdits?.relationBaselines ?? [:] }
        set {
            if newValue.isEmpty, recordedEdits == nil { return }
            edits.relationBaselines = newValue
        }
        // In place: a baseline added to the dictionary does not copy it.
        _modify { yield &edits.relationBaselines }
    }
}
