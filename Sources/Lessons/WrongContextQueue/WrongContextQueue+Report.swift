import PersistenceCore

extension WrongContextQueue {
    /// Both mistakes and both fixes, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        func recorded(_ attempt: Attempt) -> String {
            attempt.violations.isEmpty
                ? "nothing recorded"
                : attempt.violations.map { "\($0.operation) on '\($0.thread)'" }.joined(separator: ", ")
        }
        var wrongWay = [
            "mainContext.reset() in Task.detached ran on '\(outcome.resetFromDetachedTask.ranOn)', "
                + "but the main context runs on '\(outcome.resetFromDetachedTask.contextQueue)': "
                + "\(recorded(outcome.resetFromDetachedTask)).",
            "On the main queue ('\(outcome.assignmentOnMainQueue.ranOn)'), a new item was inserted into a background "
                + "context ('\(outcome.assignmentOnMainQueue.contextQueue)') and assigned: \(recorded(outcome.assignmentOnMainQueue)).",
        ]
        for attempt in [outcome.resetFromDetachedTask, outcome.assignmentOnMainQueue] {
            if let first = attempt.violations.first {
                wrongWay.append(".trap would stop the process with: \(first.description)")
            }
        }
        let rightWay = [
            "The reset inside mainContext.perform ran on '\(outcome.resetWithPerform.ranOn)': \(recorded(outcome.resetWithPerform)).",
            "Article 003's other spellings of the same fix: DispatchQueue.main.async ran it on '\(outcome.resetWithMainQueueAsync.ranOn)' "
                + "(\(recorded(outcome.resetWithMainQueueAsync))), await MainActor.run on '\(outcome.resetWithMainActorRun.ranOn)' "
                + "(\(recorded(outcome.resetWithMainActorRun))).",
            "The insert and assignment inside backgroundContext.perform ran on '\(outcome.assignmentWithPerform.ranOn)': "
                + "\(recorded(outcome.assignmentWithPerform)); the store holds \(outcome.itemsSavedByFix) item(s).",
        ]
        let measurements = [
            Measurement("violations, wrong ways", Double(outcome.resetFromDetachedTask.violations.count
                + outcome.assignmentOnMainQueue.violations.count), unit: "violations"),
            Measurement("violations, with perform", Double(outcome.resetWithPerform.violations.count
                + outcome.assignmentWithPerform.violations.count), unit: "violations"),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}
