import PersistenceCore

extension ActorReentrancy {
    /// The forced runs and the explored counts, in words, with the first losing schedule drawn.
    public func report(_ outcome: Outcome) -> LessonReport {
        var wrongWay: [String] = []
        if let forced = outcome.forced[.awaitBetweenReadAndWrite] {
            wrongWay.append("LikeCounter.like reads the count, awaits the server, then writes what it read + 1. "
                + "Forced (like A's await held open until like B saved): count \(forced.count) of \(forced.expected), "
                + "\(forced.lost) like(s) lost, on every run, with no data race.")
        }
        if let race = outcome.explored(.awaitBetweenReadAndWrite) {
            wrongWay.append("Explored over every schedule of two likes: \(race.summary). "
                + (race[.keptBoth] > 0 ? "A test that runs it once may well pass." : ""))
            if let losing = race.firstSchedules[.lostOne] {
                wrongWay.append("The first schedule that lost one (the actor's jobs run on LikeCounter's context queue; "
                    + "`swift run lab explore actor-reentrancy` prints every race's):\n" + losing.timeline)
            }
        }
        var rightWay: [String] = []
        var measurements: [Measurement] = []
        for way in Way.allCases.dropFirst() {
            guard let forced = outcome.forced[way], let race = outcome.explored(way) else { continue }
            rightWay.append("\(way.rawValue): forced, count \(forced.count) of \(forced.expected)"
                + (way == .optimisticLocking ? " after \(forced.retries) retry(ies)" : "")
                + "; explored, \(race.summary).")
            measurements.append(Measurement("schedules losing a like, \(way.rawValue)", Double(race[.lostOne]), unit: "of \(race.schedules)"))
        }
        if let race = outcome.explored(.awaitBetweenReadAndWrite) {
            measurements.insert(Measurement("schedules losing a like, \(Way.awaitBetweenReadAndWrite.rawValue)",
                                            Double(race[.lostOne]), unit: "of \(race.schedules)"), at: 0)
        }
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}
