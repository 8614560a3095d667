import Foundation

extension StarvedPool {
    /// The children and the in-place calls, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let blocking = outcome.blocking, suspending = outcome.suspending
        let wrongWay = [
            "lesson-helper starved-pool blocking: \"\(blocking.waitingLine ?? "(never filled the pool)")\".",
            blocking.finished
                ? "It finished after all."
                : String(format: "Then nothing: stalled after %.0f ms of watching; %@.", blocking.watchedMilliseconds,
                         blocking.stoppedByTheLesson ? "the lesson stopped it (SIGKILL)" : "it ended by itself"),
        ]
        let rightWay = [
            "lesson-helper starved-pool suspending (await context.perform): \"\(suspending.waitingLine ?? "(never filled the pool)")\".",
            suspending.finished
                ? String(format: "It printed done %.1f ms later and exited with status %d.", suspending.watchedMilliseconds, suspending.exitStatus ?? -1)
                : "It did not finish.",
            "performAndWait inside the context's own perform ran on its queue: \(outcome.inPlace.nestedRanOnTheQueue); from a dispatch thread: \(outcome.inPlace.fromDispatchThreadRanOnTheQueue).",
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay,
                              measurements: [Measurement("suspending child, pool full to done", suspending.watchedMilliseconds, unit: "ms")])
    }
}
