/// Why an exploration or a replay could not give a trustworthy answer.
public enum InterleavingsError: Error, CustomStringConvertible, Equatable {
    /// Work left the explorer's control: a thread, `DispatchQueue.global()`, a pending sleep.
    /// Its effects come in an order the explorer did not choose, so the counts would be a guess.
    case workEscaped(String)
    /// A job ran for `seconds` without reaching a point the explorer controls: it blocked on
    /// something outside (a lock, a semaphore, `DispatchQueue.sync` on another queue).
    case jobDidNotYield(lane: String, step: String, seconds: Double)
    /// Run again with the same choices, the body met different jobs: it depends on something
    /// besides the schedule (a clock, a random number, state left by an earlier run).
    case bodyIsNotDeterministic(step: Int)
    /// ``Interleavings/replay(_:_:)``: the schedule asks for a lane that has nothing to run.
    case scheduleDoesNotFit(step: Int, lane: String)
    /// ``Interleavings/replay(_:_:)``: the schedule deadlocks.
    case deadlocked(Schedule)
    /// The body threw under this schedule. Return failures as outcomes to count them instead.
    case bodyThrew(String, Schedule)
    /// A bad argument: a limit below 1.
    case invalidLimit(Int)

    public var description: String {
        switch self {
        case .workEscaped(let what):
            "Work escaped the explorer: \(what). The explorer can only order jobs on contexts' queues (the main context's included), model actors and tasks; start no threads, use no DispatchQueue.global(), no MainActor code and no sleeps or timers inside an explored body."
        case .jobDidNotYield(let lane, let step, let seconds):
            "The job of \(lane) (\(step)) ran for \(seconds) s without reaching a point the explorer controls. It is probably blocked on something outside the explorer: a lock, a semaphore or DispatchQueue.sync on another queue."
        case .bodyIsNotDeterministic(let step):
            "Run again with the same choices, the body met different jobs at step \(step). An explored body must build all its state afresh and depend on nothing but the schedule: no clocks, no random numbers, no state kept between runs."
        case .scheduleDoesNotFit(let step, let lane):
            "Step \(step) of the schedule runs \(lane), which has nothing to run in this body: the schedule was explored with another body."
        case .deadlocked(let schedule):
            "The schedule deadlocks:\n\(schedule.timeline)"
        case .bodyThrew(let error, let schedule):
            "The body threw \(error) under this schedule (return failures as outcomes to count them):\n\(schedule.timeline)"
        case .invalidLimit(let limit):
            "An exploration needs a limit of at least 1 schedule; got \(limit)."
        }
    }
}
