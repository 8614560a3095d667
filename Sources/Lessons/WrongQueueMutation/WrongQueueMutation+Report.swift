import PersistenceCore

extension WrongQueueMutation {
    /// The stray writes and the races, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let off = outcome.off, record = outcome.record, auto = outcome.autoDispatch
        var wrongWay = [
            ".off: item.count = \(off.written) ran on '\(off.writerQueue)', but the item belongs to '\(off.contextQueue)'. "
                + "It landed (count is \(off.seen)), the context is \(off.contextHasChanges ? "dirty" : "clean"), "
                + "and \(off.violations.isEmpty ? "nothing noticed" : "\(off.violations.count) violation(s) were recorded").",
        ]
        if let violation = record.violations.first {
            wrongWay.append(".record: the same write was recorded: \(violation.operation) on '\(violation.thread)', "
                + "expected on '\(violation.expectedQueue)' (\(record.violations.count) violation(s)).")
        } else {
            wrongWay.append(".record: the same write was NOT recorded.")
        }
        let viaBackingData = outcome.backingData
        wrongWay.append("Article 000's experiment, item.persistentBackingData.setValue(forKey: \\.count, to: \(viaBackingData.written)) "
            + "on '\(viaBackingData.writerQueue)': "
            + (viaBackingData.violations.isEmpty ? "nothing recorded." : "recorded as \(viaBackingData.violations.map(\.operation).joined(separator: ", ")), like the plain setter."))
        if let message = outcome.trapMessage {
            wrongWay.append(".trap would stop the process with: \(message)")
        }
        if let forced = outcome.forced[.unsynchronised] {
            wrongWay.append("Two increments forced to interleave (A reads, B reads, B writes, A writes): count "
                + "\(forced.observed) of \(forced.expected), \(forced.lost) update(s) lost, on every run.")
        }
        if let race = outcome.unsynchronisedRace {
            wrongWay.append("\(race.threads) threads × \(race.incrementsPerThread) unsynchronised item.count += 1 under .off: "
                + "expected \(race.expected), observed \(race.observed): \(race.lost) updates lost"
                + (race.lost == 0 ? " this time (the race is still there: run Scripts/tests/race-under-tsan.sh)." : "."))
        } else {
            wrongWay.append("The unsynchronised race was skipped: ThreadSanitizer watches this process. "
                + "Run Scripts/tests/race-under-tsan.sh (LAB_RACE_DEMO=1) to see it reported.")
        }

        let perform = outcome.performRace, autoRace = outcome.autoDispatchRace
        let forcedAuto = outcome.forced[.autoDispatch], forcedPerform = outcome.forced[.perform]
        var rightWay = [
            ".autoDispatch: the same stray write hopped onto '\(auto.contextQueue)': count is \(auto.seen), "
                + "the context is \(auto.contextHasChanges ? "dirty" : "clean"), \(auto.violations.count) violation(s) recorded.",
            "\(perform.threads) threads × \(perform.incrementsPerThread) item.count += 1, each inside performAndWait: "
                + "expected \(perform.expected), observed \(perform.observed): \(perform.lost) lost.",
        ]
        if let forcedPerform {
            rightWay.append("The forced interleaving with each += inside performAndWait: count \(forcedPerform.observed) "
                + "of \(forcedPerform.expected): \(forcedPerform.lost) lost (the queue runs one whole increment at a time).")
        }
        if let forcedAuto {
            rightWay.append("Under .autoDispatch the get and the set of += hop separately: forced to interleave, count "
                + "\(forcedAuto.observed) of \(forcedAuto.expected), \(forcedAuto.lost) lost"
                + (forcedAuto.lost > 0 ? ": no data race, but a lost update. Put the whole read-modify-write in perform." : "."))
        }
        rightWay.append("Free-running under .autoDispatch: expected \(autoRace.expected), observed \(autoRace.observed): \(autoRace.lost) lost.")
        if let shared = outcome.explored(Self.sharedContextRace) {
            rightWay.append("Explored over every schedule, two whole increments in perform on one shared context: \(shared.summary).")
        }
        if let two = outcome.explored(Self.twoContextsRace) {
            rightWay.append("The same on two contexts: \(two.summary). One perform protects a context, not the store: "
                + "two queues run in parallel, and both may read before either commits.")
            if let refused = two.firstSchedules[.refused] {
                rightWay.append("The first schedule with a refused save:\n" + refused.timeline)
            }
        }

        var measurements: [Measurement] = []
        if let race = outcome.unsynchronisedRace {
            measurements.append(Measurement("updates lost, unsynchronised", Double(race.lost), unit: "of \(race.expected)"))
        }
        measurements.append(Measurement("updates lost, performAndWait", Double(perform.lost), unit: "of \(perform.expected)"))
        measurements.append(Measurement("updates lost, .autoDispatch", Double(autoRace.lost), unit: "of \(autoRace.expected)"))

        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}
