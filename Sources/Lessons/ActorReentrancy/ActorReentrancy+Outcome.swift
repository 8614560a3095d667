import PersistenceCore

extension ActorReentrancy {
    /// Two likes forced to interleave one way: the count they left.
    public struct ForcedRun: Sendable, Codable, Hashable {
        /// The item's count afterwards, read by a fresh context.
        public var count: Int
        /// What two likes should leave.
        public var expected: Int
        /// How many times the likes retried after a conflict (optimistic locking only).
        public var retries: Int

        public var lost: Int { expected - count }
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// Each way, forced: the first like's await held open until the second has saved.
        public var forced: [Way: ForcedRun]
        /// Each way explored over every schedule, in ``Way`` order.
        public var explored: [ExploredRace]

        /// The exploration of `way`.
        public func explored(_ way: Way) -> ExploredRace? {
            explored.first { $0.name == way.rawValue }
        }
    }

    /// Articles 000, 001 and 004's model actor with an await in its read-modify-write: each claim
    /// decided by the forced runs and the explored schedules.
    public func checks(_ outcome: Outcome) -> [Check] {
        let wrong = outcome.forced[.awaitBetweenReadAndWrite], wrongExplored = outcome.explored(.awaitBetweenReadAndWrite)
        func forced(_ way: Way) -> [Check.Value] {
            [.init("count", outcome.forced[way]?.count ?? -1), .init("expected", outcome.forced[way]?.expected ?? 2)]
        }
        func explored(_ way: Way) -> [Check.Value] {
            let race = outcome.explored(way)
            return [.init("schedules", race?.schedules ?? 0), .init("lost one in", race?[.lostOne] ?? -1),
                    .init("every schedule", race?.isExhaustive ?? false)]
        }
        func keepsBoth(_ way: Way) -> Bool {
            outcome.forced[way]?.lost == 0
                && outcome.explored(way).map { $0.isExhaustive && $0[.keptBoth] == $0.schedules } == true
        }
        return [
            Check("forced to interleave, two likes on one actor that awaits between its read and its write lose exactly one update",
                  holds: wrong?.lost == 1, measured: forced(.awaitBetweenReadAndWrite)),
            Check("explored over every schedule, the same two likes lose an update in some schedules and keep both in others",
                  holds: wrongExplored.map { $0.isExhaustive && $0[.lostOne] > 0 && $0[.keptBoth] > 0 } == true,
                  measured: explored(.awaitBetweenReadAndWrite)),
            Check("saving before awaiting keeps both likes, forced and in every schedule",
                  holds: keepsBoth(.saveBeforeAwaiting), measured: forced(.saveBeforeAwaiting) + explored(.saveBeforeAwaiting)),
            Check("awaiting first, then reading and writing in one step, keeps both likes, forced and in every schedule",
                  holds: keepsBoth(.awaitThenIncrement), measured: forced(.awaitThenIncrement) + explored(.awaitThenIncrement)),
            Check("a context per call with .error catches the stale write as a conflict, and the retry keeps both likes, forced and in every schedule",
                  holds: keepsBoth(.optimisticLocking) && (outcome.forced[.optimisticLocking]?.retries ?? 0) >= 1,
                  measured: [.init("retries when forced", outcome.forced[.optimisticLocking]?.retries ?? 0)]
                      + forced(.optimisticLocking) + explored(.optimisticLocking)),
        ]
    }
}
