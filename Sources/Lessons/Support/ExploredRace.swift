import PersistenceCore
import InterleavingExplorer

/// How one run of an increment race ended: both updates kept, one lost, or a save refused.
public enum RaceOutcome: String, Sendable, Codable, Hashable, CaseIterable {
    case keptBoth = "kept both"
    case lostOne = "lost one"
    case refused = "refused"
}

/// One race explored over every schedule: how many schedules kept both updates, lost one, or had
/// a save refused, and the first schedule of each. What a lesson prints next to its forced
/// interleaving, and what `lab explore` prints.
public struct ExploredRace: Sendable, Codable, Hashable {
    /// The race, in words: "split increments on two contexts, .mergeByPropertyObjectTrump".
    public var name: String
    /// Schedules run, and whether that was every one (up to reordering independent steps).
    public var schedules: Int
    public var isExhaustive: Bool
    /// Runs abandoned as reorderings of independent steps.
    public var pruned: Int
    /// Schedules per outcome; an outcome no schedule gave is absent.
    public var counts: [RaceOutcome: Int]
    /// The first schedule that gave each outcome.
    public var firstSchedules: [RaceOutcome: Schedule]

    public init(name: String, exploration: Exploration<RaceOutcome>) {
        self.name = name
        schedules = exploration.scheduleCount
        isExhaustive = exploration.isExhaustive
        pruned = exploration.prunedCount
        counts = exploration.outcomes
        firstSchedules = Dictionary(uniqueKeysWithValues: RaceOutcome.allCases.compactMap { outcome in
            exploration.firstSchedule(producing: outcome).map { (outcome, $0) }
        })
    }

    /// How many schedules gave `outcome`.
    public subscript(outcome: RaceOutcome) -> Int { counts[outcome, default: 0] }

    /// The counts a check shows as its measured values.
    public var measured: [Check.Value] {
        [.init("schedules", schedules), .init("kept both", self[.keptBoth]),
         .init("lost one", self[.lostOne]), .init("refused", self[.refused])]
    }

    /// "lost one in 4 of 6 schedules, kept both in 2 (every schedule)".
    public var summary: String {
        let parts = RaceOutcome.allCases.compactMap { outcome in
            counts[outcome].map { "\(outcome.rawValue) in \($0)" }
        }
        return parts.joined(separator: ", ") + " of \(schedules) schedules"
            + (isExhaustive ? " (every schedule)" : " (stopped at the limit: not every schedule)")
    }
}
