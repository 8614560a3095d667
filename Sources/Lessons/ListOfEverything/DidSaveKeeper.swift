import Foundation
import PersistenceCore

/// What Core Data code that merges by hand keeps of a background save: the changes its
/// `ModelContext.didSave` notification carried, to merge into the view context when the app
/// chooses (`mergeChanges(fromContextDidSave:)`, on that context's queue).
///
/// It keeps the saves of one container's contexts, posted on each saving context's queue, until
/// stopped.
final class DidSaveKeeper {
    private let kept = Locked<[ModelContext.Changes]>([])
    private let observer: any NSObjectProtocol

    init(container: ModelContainer) {
        observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            [kept] notification in
            guard let context = notification.object as? ModelContext, context.container === container,
                  let changes = ModelContext.Changes(notification: notification) else { return }
            kept.withLock { $0.append(changes) }
        }
    }

    /// Stops keeping; returns the changes kept, in the order they were saved.
    func stop() -> [ModelContext.Changes] {
        NotificationCenter.default.removeObserver(observer)
        return kept.value
    }
}
