import Foundation

extension ListThatDoesNotUpdate {
    /// Each lane's steps in words, with the delay from each save to the list's change.
    public func report(_ outcome: Outcome) -> LessonReport {
        func describe(_ step: Step) -> String {
            let what = step.delivered
                ? "the list changed" + (step.delayMilliseconds.map { String(format: " %.2f ms after the save began", $0) } ?? "")
                : "the list did not change"
            return "\(step.name): \(what); it shows " + step.rows.map(\.description).joined(separator: ", ") + "."
        }
        let none = outcome.noMerging, automatic = outcome.automaticMerging, byHand = outcome.batchMergedByHand
        let wrongWay = ["Core Data's view context, no merging (the default):"] + none.steps.map(describe)
            + ["The store holds " + none.store.map(\.description).joined(separator: ", ") + "."]
        let rightWay = ["Core Data, automaticallyMergesChangesFromParent = true:"] + automatic.steps.map(describe)
            + ["The same, with the batch's identifiers merged by hand (ModelContext.mergeChanges(fromRemoteContextSave:into:), the lab's spelling of Core Data's NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)):"]
            + byHand.steps.map(describe)
            + ["SwiftData's main context, with no merging code (SwiftData has no batch update):"]
            + outcome.swiftData.steps.map(describe)
        var measurements: [Measurement] = []
        for lane in [automatic, byHand, outcome.swiftData] {
            for step in lane.steps {
                if let delay = step.delayMilliseconds {
                    measurements.append(Measurement("\(lane.merging.rawValue): \(step.name), save to list", delay, unit: "ms"))
                }
            }
        }
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}

extension ListThatDoesNotUpdate: ListLesson, TimelineLesson {
    /// One list per way of merging.
    public static var listLanes: [String] { Merging.allCases.map(listLane) }

    /// The lesson is of fixed size.
    public init(timelineItems items: Int) {
        self.init()
    }

    public func timelineSummary(_ outcome: Outcome) -> String {
        let reached = [outcome.noMerging, outcome.automaticMerging, outcome.batchMergedByHand]
            .map { lane in "\(lane.steps.filter(\.delivered).count) of \(lane.steps.count)" }
        return "changes that reached the list: \(reached[0]) without merging, "
            + "\(reached[1]) with automatic merging, \(reached[2]) with the batch merged by hand"
    }
}
