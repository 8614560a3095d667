import Foundation
import PersistenceCore
import Lessons

enum ChangeMerging02 {  // tutorial:hide
    /// Before iOS 10: merge each save by hand, from its notification, on the context's queue.
    func mergeByHand(into mainContext: ModelContext) -> any NSObjectProtocol {
        NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) { notification in
            guard let changes = ModelContext.Changes(notification: notification) else { return }
            mainContext.perform {
                mainContext.mergeChanges(fromContextDidSave: changes)
            }
        }
    }

    /// Since iOS 10: one property, and every other context's saves are merged in save order.
    func mergeAutomatically(into mainContext: ModelContext) {
        mainContext.automaticallyMergesChangesFromParent = true
    }
}  // tutorial:hide
