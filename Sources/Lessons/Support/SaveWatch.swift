import Foundation
import PersistenceCore

/// Watches `ModelContext.didSave` for one container, until stopped: which contexts saved, on
/// which queue, and whether the save committed to the store.
///
/// Code under study is learned about from the saving context itself (the notification's
/// `object`), never from anything that code reports: a workshop checker uses it on the learner's
/// code, a lesson on its own. The observer runs on the thread of each save; other containers are
/// ignored.
package final class SaveWatch {
    /// One save of the watched container.
    package struct Save: Sendable, Hashable {
        /// The saving context's kind of queue.
        package let concurrencyType: ConcurrencyType
        /// The saving context's queue label, for findings.
        package let queueLabel: String
        /// Whether it was a commit to the store: a context of the store saved (a child's save
        /// only pushes into its parent).
        package let commitsToTheStore: Bool
    }

    private let seen = Locked<[Save]>([])
    private let observer: any NSObjectProtocol

    package init(container: ModelContainer) {
        observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            [seen] notification in
            guard let context = notification.object as? ModelContext, context.container === container else { return }
            seen.withLock {
                $0.append(Save(concurrencyType: context.concurrencyType, queueLabel: context.queueLabel,
                               commitsToTheStore: context.parent == nil))
            }
        }
    }

    /// Stops watching; returns the saves seen, in the order they were posted.
    package func stop() -> [Save] {
        NotificationCenter.default.removeObserver(observer)
        return seen.value
    }
}
