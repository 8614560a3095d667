import Foundation

extension WidgetChange {
    /// Each lane's steps in words, with the delay from each commit to the list's update.
    public func report(_ outcome: Outcome) -> LessonReport {
        func describe(_ step: Step) -> String {
            var text = "\(step.name): "
            if let changed = step.listChanged {
                text += changed ? "the list changed" : "the list did not change"
                if let delay = step.delayMilliseconds { text += String(format: " %.1f ms after the widget's save began", delay) }
            } else {
                text += step.appWasNotified ? "the app was told (remoteChange), and merged nothing" : "the app was not told"
            }
            return text + "; it shows " + step.rows.joined(separator: ", ") + "."
        }
        let automatic = outcome.automaticMerging, history = outcome.history, pruning = outcome.pruning
        let wrongWay = ["Core Data's view context, automaticallyMergesChangesFromParent = true, and nothing else (the store posts remote change, which Core Data does only for a store with NSPersistentStoreRemoteChangeNotificationPostOptionKey set):"] + automatic.steps.map(describe)
            + ["Fetched again, the list shows " + (automatic.fetchedAgain ?? []).joined(separator: ", ") + "; the store holds "
               + automatic.store.joined(separator: ", ") + "."]
        let rightWay = ["Core Data, with history turned on for the store (NSPersistentHistoryTrackingKey, off by default): a HistoryObserver, then fetchHistory after the kept token, skipping the app's own author, merged into the view context:"]
            + history.steps.map(describe)
            + ["History held \(pruning.growth.first?.description ?? "-") after the three changes, \(pruning.growth.last?.description ?? "-") after \(pruning.burst) more saves, \(pruning.afterPruning.description) once the app pruned what it had processed.",
               pruning.otherReaderTokenExpired
                   ? "A reader whose token was older got historyTokenExpired, and fetched its \(pruning.itemsFetchedToRecover ?? 0) items again."
                   : "The reader whose token was older did not get historyTokenExpired."]
        let rightWayWithSwiftData = rightWay + ["SwiftData's main context, with no history code (SwiftData records history by default, and merges other processes' commits by itself):"]
            + outcome.swiftData.steps.map(describe)
        let measurements = zip(history.steps, history.steps.map(\.delayMilliseconds)).compactMap { step, delay in
            delay.map { Measurement("history: \(step.name), widget's save to list", $0, unit: "ms") }
        }
        return LessonReport(wrongWay: wrongWay, rightWay: rightWayWithSwiftData, measurements: measurements)
    }
}

extension WidgetChange: ListLesson {
    /// The app's list merging automatically only, and the one following history.
    public static var listLanes: [String] { [automaticMergingListLane, historyListLane] }
}
