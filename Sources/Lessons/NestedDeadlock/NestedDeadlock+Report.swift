import PersistenceCore

extension NestedDeadlock {
    /// What the child processes did and what the explorer found, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let waiting = outcome.waiting, handing = outcome.handingOver
        let explored = outcome.exploredWaiting, fixed = outcome.exploredHandingOver
        var wrongWay = [
            "In a child process (lesson-helper nested-deadlock waiting), gates made a parent's block and its child's block run at once: "
                + "the parent's block called child.performAndWait, the child's block fetched through the parent. "
                + (waiting.finished ? "They finished." : "Neither finished: the lesson stopped the process after \(Self.stallLimit)."),
            "Explored without gates: \(explored.deadlocked) of \(explored.schedules) schedules deadlocked, \(explored.finished) finished"
                + (explored.isExhaustive ? " (every schedule)." : " (the search was cut short)."),
        ]
        if let timeline = explored.firstDeadlock {
            wrongWay.append("The first deadlocked schedule (the explorer's timeline):\n" + timeline)
        }
        let rightWay = [
            "The parent's block handed the child its work with child.perform and returned (lesson-helper nested-deadlock handing-over): "
                + (handing.finished ? "both blocks finished." : "it did not finish."),
            "Explored: \(fixed.deadlocked) of \(fixed.schedules) schedules deadlocked, \(fixed.finished) finished.",
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: [
            Measurement("explored schedules that deadlock, parent waiting", Double(explored.deadlocked), unit: "schedules"),
            Measurement("explored schedules that deadlock, work handed over", Double(fixed.deadlocked), unit: "schedules"),
        ])
    }
}
