import PersistenceCore
import InterleavingExplorer

extension NestedDeadlock {
    /// What the child processes did, and what the explorer found.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The parent's block waited for the child (`performAndWait`).
        public var waiting: ChildRun
        /// The parent's block handed the child its work (`perform`).
        public var handingOver: ChildRun
        /// The same two blocks without gates, over every schedule.
        public var exploredWaiting: Explored
        public var exploredHandingOver: Explored
    }

    /// One child process, watched.
    public struct ChildRun: Sendable, Codable, Hashable {
        /// Whether it said both blocks run.
        public var bothBusy: Bool
        /// Whether it said both finished.
        public var finished: Bool
        /// Whether the lesson had to stop it.
        public var stoppedByTheLesson: Bool
    }

    /// An exploration's counts, and its first deadlocked schedule.
    public struct Explored: Sendable, Codable, Hashable {
        public var schedules: Int
        public var isExhaustive: Bool
        public var finished: Int
        public var deadlocked: Int
        /// The first deadlocked schedule's timeline (a row per step, a column per queue or task).
        public var firstDeadlock: String?

        init(_ exploration: Exploration<Bool>) {
            schedules = exploration.scheduleCount
            isExhaustive = exploration.isExhaustive
            finished = exploration.outcomes[true, default: 0]
            deadlocked = exploration.deadlockCount
            firstDeadlock = exploration.firstDeadlock?.timeline
        }

        var measured: [Check.Value] {
            [.init("schedules", schedules), .init("finished", finished), .init("deadlocked", deadlocked)]
        }
    }
}

extension NestedDeadlock {
    /// The lesson's claims, each decided by what the child processes and the explorer reported.
    public func checks(_ outcome: Outcome) -> [Check] {
        let waiting = outcome.waiting, handing = outcome.handingOver
        let explored = outcome.exploredWaiting, fixed = outcome.exploredHandingOver
        return [
            Check("a parent's block waiting for its child while the child's fetch waits for the parent stalls both queues for good: the lesson had to stop the process",
                  holds: waiting.bothBusy && !waiting.finished && waiting.stoppedByTheLesson,
                  measured: [.init("both blocks ran", waiting.bothBusy), .init("finished", waiting.finished),
                             .init("stopped by the lesson", waiting.stoppedByTheLesson)]),
            Check("handing the child its work with perform, the same two blocks finish",
                  holds: handing.bothBusy && handing.finished && !handing.stoppedByTheLesson,
                  measured: [.init("both blocks ran", handing.bothBusy), .init("finished", handing.finished)]),
            Check("explored without gates, some schedules deadlock and others finish: a test may pass for months",
                  holds: explored.isExhaustive && explored.deadlocked > 0 && explored.finished > 0 && explored.firstDeadlock != nil,
                  measured: explored.measured),
            Check("explored without gates, the fix never deadlocks",
                  holds: fixed.isExhaustive && fixed.deadlocked == 0 && fixed.finished == fixed.schedules,
                  measured: fixed.measured),
        ]
    }
}
