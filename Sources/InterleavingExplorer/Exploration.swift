/// What exploring a body found: how many schedules gave each outcome, and the first schedule that
/// gave each one.
public struct Exploration<Outcome: Hashable & Sendable>: Sendable {
    /// How many schedules gave each outcome (deadlocked schedules are counted in ``deadlockCount``).
    public let outcomes: [Outcome: Int]
    /// How many schedules ran to an end: an outcome or a deadlock.
    public let scheduleCount: Int
    /// True when every schedule was run (up to reordering independent steps) within the limit.
    public let isExhaustive: Bool
    /// How many choices were never tried because they only reorder independent steps of a
    /// schedule that was run: each stands for one schedule or more that could not end differently.
    public let prunedCount: Int
    /// How many schedules ended with every remaining job blocked.
    public let deadlockCount: Int
    /// The first schedule that deadlocked, if any.
    public let firstDeadlock: Schedule?
    let firstSchedules: [Outcome: Numbered]

    /// The first schedule explored that gave `outcome`, to print or replay; nil if none did.
    public func firstSchedule(producing outcome: Outcome) -> Schedule? {
        firstSchedules[outcome]?.schedule
    }

    /// How many schedules gave an outcome that satisfies `isIncluded`.
    public func count(where isIncluded: (Outcome) -> Bool) -> Int {
        outcomes.reduce(0) { $0 + (isIncluded($1.key) ? $1.value : 0) }
    }

    /// The first schedule (in exploration order) whose outcome satisfies `isIncluded`.
    public func firstSchedule(where isIncluded: (Outcome) -> Bool) -> Schedule? {
        firstSchedules.filter { isIncluded($0.key) }.values.min { $0.order < $1.order }?.schedule
    }
}

extension Exploration {
    /// Collects the outcomes of one exploration, schedule by schedule.
    struct Tally {
        var outcomes: [Outcome: Int] = [:]
        var firstSchedules: [Outcome: Numbered] = [:]
        var scheduleCount = 0
        var prunedCount = 0
        var deadlockCount = 0
        var firstDeadlock: Schedule?

        mutating func record(_ outcome: Outcome, _ schedule: Schedule) {
            outcomes[outcome, default: 0] += 1
            if firstSchedules[outcome] == nil {
                firstSchedules[outcome] = Numbered(order: scheduleCount, schedule: schedule)
            }
            scheduleCount += 1
        }

        mutating func recordDeadlock(_ schedule: Schedule) {
            deadlockCount += 1
            if firstDeadlock == nil { firstDeadlock = schedule }
            scheduleCount += 1
        }

        func exploration(isExhaustive: Bool) -> Exploration {
            Exploration(outcomes: outcomes, scheduleCount: scheduleCount, isExhaustive: isExhaustive,
                        prunedCount: prunedCount, deadlockCount: deadlockCount, firstDeadlock: firstDeadlock,
                        firstSchedules: firstSchedules)
        }
    }

    struct Numbered: Sendable {
        let order: Int
        let schedule: Schedule
    }
}
