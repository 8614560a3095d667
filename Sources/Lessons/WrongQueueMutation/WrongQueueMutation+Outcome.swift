import PersistenceCore

extension WrongQueueMutation {
    /// One write of `item.count` from `DispatchQueue.global()`, and what followed.
    public struct StrayWrite: Sendable, Codable, Hashable {
        /// The label of the item's context's queue.
        public var contextQueue: String
        /// The label of the queue the write ran on.
        public var writerQueue: String
        /// The value written.
        public var written: Int
        /// The value read back afterwards, on the context's queue.
        public var seen: Int
        /// Whether the context counted the item as changed.
        public var contextHasChanges: Bool
        /// What `ConcurrencyDebug` recorded against the context meanwhile.
        public var violations: [ConcurrencyViolation]
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// `.off`, container `.confined`: the write lands and nothing notices.
        public var off: StrayWrite
        /// `.record`, container `.confined`: the write lands and one violation names both queues.
        public var record: StrayWrite
        /// `.record`, container `.confined`: article 000's `persistentBackingData.setValue(forKey:to:)`.
        public var backingData: StrayWrite
        /// What `.trap` would print and stop the process with: the recorded violation's description.
        public var trapMessage: String?
        /// `.record`, container `.autoDispatch`: the write hops onto the queue; nothing recorded.
        public var autoDispatch: StrayWrite
        /// Two increments forced to interleave (A reads, B reads, B writes, A writes), each way.
        public var forced: [RaceLane: RaceTally]
        /// Two threads incrementing unsynchronised; nil when this process did not run it
        /// (under ThreadSanitizer without `LAB_RACE_DEMO=1`).
        public var unsynchronisedRace: RaceTally?
        /// The same increments, each inside `performAndWait`.
        public var performRace: RaceTally
        /// The same increments under `.autoDispatch`: each access safe, `+=` still two steps.
        public var autoDispatchRace: RaceTally
        /// Whole increments in `perform`, on one shared context and on two, explored over every
        /// schedule (``LessonExplorations``).
        public var explored: [ExploredRace]

        /// The exploration called `name`.
        public func explored(_ name: String) -> ExploredRace? {
            explored.first { $0.name == name }
        }
    }

    /// The names of the explored races, as ``LessonExplorations`` lists them.
    static let sharedContextRace = "whole increments on one shared context, .error"
    static let twoContextsRace = "whole increments on two contexts, .error"

    /// Article 000's and 003's claims about a model touched from another queue, each decided by
    /// what this run wrote, recorded and counted.
    public func checks(_ outcome: Outcome) -> [Check] {
        let off = outcome.off, record = outcome.record, auto = outcome.autoDispatch
        let violation = record.violations.first
        func lost(_ lane: RaceLane) -> Int? { outcome.forced[lane]?.lost }
        let shared = outcome.explored(Self.sharedContextRace), twoContexts = outcome.explored(Self.twoContextsRace)
        func explored(_ race: ExploredRace?) -> [Check.Value] { race?.measured ?? [.init("schedules", 0)] }
        func counted(_ lane: RaceLane) -> [Check.Value] {
            [.init("expected", outcome.forced[lane]?.expected ?? 0), .init("observed", outcome.forced[lane]?.observed ?? 0)]
        }
        return [
            Check("under .off, a write from another queue lands and nothing notices",
                  holds: off.seen == off.written && off.violations.isEmpty && off.writerQueue != off.contextQueue,
                  measured: [.init("written on", off.writerQueue), .init("count afterwards", off.seen),
                             .init("violations", off.violations.count)]),
            Check("under .record, the same write is one violation naming the thread it ran on and the context's queue",
                  holds: record.violations.count == 1 && violation?.thread == record.writerQueue
                      && violation?.expectedQueue == record.contextQueue,
                  measured: [.init("violations", record.violations.count), .init("operation", violation?.operation ?? "none")]),
            Check("article 000's persistentBackingData.setValue(forKey:to:) from DispatchQueue.global() is the same violation: the backing data is no way around the rule",
                  holds: outcome.backingData.seen == outcome.backingData.written
                      && outcome.backingData.violations.map(\.operation) == ["Item.count set"]
                      && outcome.backingData.violations.first?.thread == outcome.backingData.writerQueue,
                  measured: [.init("recorded", outcome.backingData.violations.map(\.operation).joined(separator: ", ")),
                             .init("written on", outcome.backingData.writerQueue)]),
            Check("two unsynchronised increments forced to interleave lose exactly one update",
                  holds: lost(.unsynchronised) == 1, measured: counted(.unsynchronised)),
            Check(".autoDispatch hops a single stray write onto the context's queue: it lands and nothing is recorded",
                  holds: auto.seen == auto.written && auto.contextHasChanges && auto.violations.isEmpty,
                  measured: [.init("count afterwards", auto.seen), .init("violations", auto.violations.count)]),
            Check("under .autoDispatch the same forced interleaving still loses exactly one update: get and set hop separately",
                  holds: lost(.autoDispatch) == 1, measured: counted(.autoDispatch)),
            Check("inside performAndWait the same two increments lose nothing",
                  holds: lost(.perform) == 0, measured: counted(.perform)),
            Check("free-running, increments inside performAndWait lose nothing",
                  holds: outcome.performRace.lost == 0,
                  measured: [.init("expected", outcome.performRace.expected), .init("observed", outcome.performRace.observed)]),
            Check("explored over every schedule, two whole increments in perform on one shared context keep both updates in every schedule: its queue runs one whole increment at a time",
                  holds: shared.map { $0.isExhaustive && $0[.keptBoth] == $0.schedules && $0.schedules > 0 } == true,
                  measured: explored(shared)),
            Check("on two contexts, the same whole increments never lose an update, but some schedules refuse a save under .error: both read before either commits, because one perform protects a context, not the store",
                  holds: twoContexts.map { $0.isExhaustive && $0[.lostOne] == 0 && $0[.refused] > 0 } == true,
                  measured: explored(twoContexts)),
        ]
    }
}
