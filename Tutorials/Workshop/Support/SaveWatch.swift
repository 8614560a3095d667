import Foundation
import PersistenceCore

/// Watches `ModelContext.didSave` for one container, until stopped: which contexts saved, and on
/// which queue.
///
/// A checker learns where the learner's code saved from the saving context itself (the
/// notification's `object`), never from anything that code reports. The observer runs on the
/// thread of each save; other tests' containers are ignored.
final class SaveWatch {
    /// One save of the watched container.
    struct Save: Sendable, Hashable {
        /// The saving context's kind of queue.
        let concurrencyType: ConcurrencyType
        /// The saving context's queue label, for findings.
        let queueLabel: String
    }

    private let seen = Locked<[Save]>([])
    private let observer: any NSObjectProtocol

    init(container: ModelContainer) {
        observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            [seen] notification in
            guard let context = notification.object as? ModelContext, context.container === container else { return }
            seen.withLock { $0.append(Save(concurrencyType: context.concurrencyType, queueLabel: context.queueLabel)) }
        }
    }

    /// Stops watching; returns the saves seen, in the order they were posted.
    func stop() -> [Save] {
        NotificationCenter.default.removeObserver(observer)
        return seen.value
    }
}
