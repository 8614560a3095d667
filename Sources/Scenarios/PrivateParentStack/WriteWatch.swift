import Foundation
import PersistenceCore

/// Records the queue each commit to the store ran on: the queue of each did-save posted by a
/// context of the store (a child's save into its parent is no commit).
final class WriteWatch: Sendable {
    private let observer: Locked<(any NSObjectProtocol)?> = Locked(nil)
    private let seen = Locked<[String]>([])

    init(_ container: ModelContainer) {
        let token = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) { [seen] note in
            guard let context = note.object as? ModelContext, context.container === container, context.parent == nil else { return }
            seen.withLock { $0.append(DispatchQueue.currentLabel) }
        }
        observer.withLock { $0 = token }
    }

    deinit {
        if let token = observer.withLock({ $0 }) { NotificationCenter.default.removeObserver(token) }
    }

    /// The queues the commits ran on, in order.
    var queues: [String] { seen.withLock { $0 } }
}
