import PersistenceCore

extension MergeConflicts {
    /// Article 003's example run under every policy: a table of what memory and the store hold.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The person as first saved: `Ada, 36, f`.
        public var original: PersonValues
        /// What the context changed in memory (name and age) before saving: `Ada L., 40, f`.
        public var contextEdit: PersonValues
        /// What the batch update left in the store (age and sex) behind the context's back: `Ada, 30, x`.
        public var batchEdit: PersonValues
        /// One row per policy, in the order the lesson tries them.
        public var results: [PolicyResult]
        /// The example on a main context that merges automatically: the batch still bypasses it.
        public var autoMergingMainContext: MainContextLane
        /// The same, with the batch's result merged by hand right after it.
        public var batchMergedByHand: MainContextLane
        /// Two contexts' increments split over two performs, under object trump and under
        /// `.error`, explored over every schedule (``LessonExplorations``).
        public var explored: [ExploredRace]

        /// The exploration called `name`.
        public func explored(_ name: String) -> ExploredRace? {
            explored.first { $0.name == name }
        }

        /// The row of one policy (any `.custom` policy: the lesson's own rule).
        public subscript(policy: MergePolicy) -> PolicyResult? {
            results.first { $0.policy == policy.name }
        }

        /// What article 003 wants kept: name and age from the context, sex from the batch.
        public var intended: PersonValues {
            PersonValues(name: contextEdit.name, age: contextEdit.age, sex: batchEdit.sex)
        }
    }

    /// What one policy did with the conflicting save.
    public struct PolicyResult: Sendable, Codable, Hashable {
        /// The policy the saving context had, by name (``PersistenceCore/MergePolicy/name``).
        public var policy: String
        /// Whether `save()` returned (false: it threw).
        public var saved: Bool
        /// The person in the saving context afterwards.
        public var memory: PersonValues
        /// The person in the store afterwards, read by a fresh context.
        public var store: PersonValues
        /// The conflict the save threw, under `.error`; nil when the policy resolved it.
        public var conflict: ConflictVersions?
    }

    /// The example on an auto-merging main context, under the default `.error` policy.
    public struct MainContextLane: Sendable, Codable, Hashable {
        /// Whether the batch's result was merged by hand with `mergeChanges(fromRemoteContextSave:into:)`.
        public var mergedByHand: Bool
        /// What the main context's Ada showed after the batch, before the edit.
        public var shownAfterBatch: PersonValues
        /// Whether `save()` returned.
        public var saved: Bool
        /// Whether `save()` threw a merge conflict.
        public var threwConflict: Bool
        /// The person in the store afterwards, read by a fresh context.
        public var store: PersonValues
    }

    /// A thrown ``PersistenceCore/MergeConflict``, in plain values: Core Data's `NSMergeConflict`.
    public struct ConflictVersions: Sendable, Codable, Hashable {
        /// The `Z_OPT` version the context read the row at.
        public var oldVersionNumber: Int64
        /// The `Z_OPT` version the store holds now (the batch update bumped it).
        public var newVersionNumber: Int64
        /// The values in memory, about to be saved.
        public var object: PersonValues?
        /// The values the context last read from the store.
        public var cached: PersonValues?
        /// The values in the store now.
        public var persisted: PersonValues?
    }
}

extension MergeConflicts {
    /// The names of the explored races, as ``LessonExplorations`` lists them.
    static let objectTrumpRace = "split increments on two contexts, .mergeByPropertyObjectTrump"
    static let errorRace = "split increments on two contexts, .error"

    /// Article 003's claims, each decided by what the six policies and the two main-context runs did.
    public func checks(_ outcome: Outcome) -> [Check] {
        let error = outcome[.error], conflict = error?.conflict
        let storeTrump = outcome[.mergeByPropertyStoreTrump], objectTrump = outcome[.mergeByPropertyObjectTrump]
        let overwrite = outcome[.overwrite], rollback = outcome[.rollback], custom = outcome[Self.largerAgeWins]
        let automatic = outcome.autoMergingMainContext, byHand = outcome.batchMergedByHand
        let edit = outcome.contextEdit, batch = outcome.batchEdit, original = outcome.original
        func stored(_ row: PolicyResult?) -> Check.Value { .init("store", row.map { "\($0.store)" } ?? "no run") }
        let trumpRace = outcome.explored(Self.objectTrumpRace), errorRace = outcome.explored(Self.errorRace)
        func explored(_ race: ExploredRace?) -> [Check.Value] { race?.measured ?? [.init("schedules", 0)] }
        return [
            Check("under the default .error, the save throws a conflict between the version the context read and the newer one in the store",
                  holds: error?.saved == false && conflict.map { $0.newVersionNumber > $0.oldVersionNumber } == true,
                  measured: [.init("version read", conflict?.oldVersionNumber ?? 0), .init("version in the store", conflict?.newVersionNumber ?? 0)]),
            Check("the conflict's snapshots are memory's edit, the row as last read, and the batch's row",
                  holds: conflict?.object == edit && conflict?.cached == original && conflict?.persisted == batch,
                  measured: [.init("memory", conflict?.object.map { "\($0)" } ?? "none"),
                             .init("last read", conflict?.cached.map { "\($0)" } ?? "none"),
                             .init("store", conflict?.persisted.map { "\($0)" } ?? "none")]),
            Check("under .error nothing is written: the store keeps the batch's row and memory the unsaved edit",
                  holds: error?.store == batch && error?.memory == edit, measured: [stored(error)]),
            Check(".mergeByPropertyObjectTrump saves the context's name and age and keeps the batch's sex (article 003's result)",
                  holds: objectTrump?.saved == true && objectTrump?.store == outcome.intended && objectTrump?.memory == objectTrump?.store,
                  measured: [stored(objectTrump)]),
            Check(".mergeByPropertyStoreTrump keeps the context's name, and the store's age and sex where both changed",
                  holds: storeTrump?.saved == true && storeTrump?.store == PersonValues(name: edit.name, age: batch.age, sex: batch.sex),
                  measured: [stored(storeTrump)]),
            Check(".overwrite writes the whole object: the batch's sex is lost",
                  holds: overwrite?.saved == true && overwrite?.store == edit, measured: [stored(overwrite)]),
            Check(".rollback drops the context's edits: the store's row wins, in memory too",
                  holds: rollback?.saved == true && rollback?.store == batch && rollback?.memory == batch, measured: [stored(rollback)]),
            Check("the custom policy keeps the name from memory, the larger age, and the store's sex",
                  holds: custom?.saved == true && custom?.store == PersonValues(name: edit.name, age: max(edit.age, batch.age), sex: batch.sex),
                  measured: [stored(custom)]),
            Check("a main context that merges automatically still shows the row as it was before the batch",
                  holds: automatic.shownAfterBatch == original, measured: [.init("shown after the batch", automatic.shownAfterBatch)]),
            Check("so its save still throws a conflict and writes nothing",
                  holds: automatic.threwConflict && !automatic.saved && automatic.store == batch,
                  measured: [.init("threw a conflict", automatic.threwConflict), .init("store", automatic.store)]),
            Check("merging the batch's identifiers by hand right after it shows the batch's row, and the edit then saves under .error",
                  holds: byHand.shownAfterBatch == batch && byHand.saved && byHand.store == outcome.intended,
                  measured: [.init("shown after the merge", byHand.shownAfterBatch), .init("store", byHand.store)]),
            Check("explored over every schedule, two contexts' increments split over two performs lose an update under .mergeByPropertyObjectTrump in some schedules: the policy resolves the conflict by overwriting",
                  holds: trumpRace.map { $0.isExhaustive && $0[.lostOne] > 0 } == true, measured: explored(trumpRace)),
            Check("under .error the same split increments never lose an update silently: in the schedules that would, the stale save is refused",
                  holds: errorRace.map { $0.isExhaustive && $0[.lostOne] == 0 && $0[.refused] > 0 } == true,
                  measured: explored(errorRace)),
        ]
    }
}
