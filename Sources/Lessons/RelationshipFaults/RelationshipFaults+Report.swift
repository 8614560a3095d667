import Foundation

extension RelationshipFaults {
    /// The wrong queue and the three lists, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let queue = outcome.wrongQueue
        func describe(_ run: ListRun, _ how: String) -> String {
            String(format: "%@: %d reads of the store, %.1f ms to show %d trips; the main queue was held %.1f ms (longest wait %.1f ms; best of %d).",
                   how, run.reads, run.milliseconds, run.summaries.count, run.blockedMilliseconds, run.maxDelayMilliseconds, Self.attempts)
        }
        // The trap is named only when a violation was recorded: there is nothing to stop at otherwise.
        let offQueueRead = queue.violations.first.map { "\"\($0.description)\" (under .trap the process stops there)." }
            ?? "no violation recorded."
        let wrongWay = [
            "Trip.stops read from a detached task: " + offQueueRead,
            describe(outcome.faultingOnMain, "Faulting on the main queue (\(Self.trips) trips × \(Self.stopsPerTrip) stops)"),
        ]
        let rightWay = [
            "Read inside perform on the main context: \(queue.violationsInPerform) violations.",
            describe(outcome.prefetchingOnMain, "relationshipKeyPathsForPrefetching on the main queue"),
            describe(outcome.prefetchingInBackground, "Prefetched in a background context, TripSummary values to the main queue"),
        ]
        let measurements = [
            Measurement("faulting on the main queue, main queue held", outcome.faultingOnMain.blockedMilliseconds, unit: "ms"),
            Measurement("prefetching on the main queue, main queue held", outcome.prefetchingOnMain.blockedMilliseconds, unit: "ms"),
            Measurement("prefetching in the background, main queue held", outcome.prefetchingInBackground.blockedMilliseconds, unit: "ms"),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}
