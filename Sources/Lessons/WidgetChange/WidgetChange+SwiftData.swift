import Foundation
import LabSupport
import PersistenceCore
import SampleModels

extension WidgetChange {
    /// The same widget under SwiftData: the app's list is on the container's main context, with
    /// no history code at all, and shows each of the widget's commits, because SwiftData merges
    /// other processes' commits into its main context through history by itself.
    ///
    ///     widget process                       app: main context (MainActor)
    ///     add "cheese", save
    ///                                          remote change → SwiftData merges the widget's
    ///                                          transaction (queued before the notification)
    ///                                          the list shows it ← read after that merge
    func swiftDataLane(store: URL) async throws -> Lane {
        let container = try Self.seededContainer(at: store)
        let list = try await MainActor.run { () throws -> MainContextList in
            container.mainContext.name = Self.swiftDataListLane
            return try MainContextList(container.mainContext)
        }
        var notifications = remoteChanges(of: container).makeAsyncIterator()
        let widget = try await WidgetProcess(store: store)
        var steps: [Step] = []
        for change in Self.changes {
            let before = await MainActor.run { list.rows }
            let commit = try await widget.run(change.command)
            // The merge is queued on the main queue before the notification is posted: once the
            // notification of this commit arrives, a MainActor job runs after the merge.
            var notified = false
            while let notification = await notifications.next() {
                if notification.historyToken >= commit.token { notified = true; break }
            }
            let rows = await MainActor.run { list.rows }
            steps.append(Step(name: change.name, appWasNotified: notified, listChanged: rows != before, delayMilliseconds: nil,
                              rows: rows))
        }
        try await widget.finish()
        return Lane(steps: steps, seeded: Self.seed, fetchedAgain: nil, store: try Self.storeRows(store))
    }

    /// The lane of the SwiftData app's list in a trace.
    public static let swiftDataListLane = "app list (main context), SwiftData, no history code"
}
