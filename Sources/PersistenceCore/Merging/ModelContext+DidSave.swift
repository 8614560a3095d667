import Foundation

extension ModelContext {
    /// Posted after every successful save (`object` is the context) and every batch request
    /// (`object` is nil); `userInfo` reads as ``Changes`` with ``Changes/init(notification:)``.
    public static let didSave = Notification.Name("ModelContextDidSave")

    /// The identifiers a save or batch request inserted, updated and deleted.
    public struct Changes: Sendable, Hashable, Codable {
        public var inserted: Set<PersistentIdentifier>
        public var updated: Set<PersistentIdentifier>
        public var deleted: Set<PersistentIdentifier>

        public init(inserted: Set<PersistentIdentifier> = [], updated: Set<PersistentIdentifier> = [],
                    deleted: Set<PersistentIdentifier> = []) {
            self.inserted = inserted
            self.updated = updated
            self.deleted = deleted
        }

        /// Reads the changes of a ``ModelContext/didSave`` notification; nil for another notification.
        public init?(notification: Notification) {
            guard notification.name == ModelContext.didSave, let userInfo = notification.userInfo else { return nil }
            self.init(userInfo: userInfo)
        }

        /// Reads changes from a notification's `userInfo` (keys `inserted`, `updated`, `deleted`).
        public init?(userInfo: [AnyHashable: Any]) {
            guard let inserted = userInfo[Key.inserted] as? Set<PersistentIdentifier>,
                  let updated = userInfo[Key.updated] as? Set<PersistentIdentifier>,
                  let deleted = userInfo[Key.deleted] as? Set<PersistentIdentifier>
            else { return nil }
            self.init(inserted: inserted, updated: updated, deleted: deleted)
        }

        /// The `userInfo` of the notification.
        public var userInfo: [AnyHashable: Any] {
            [Key.inserted: inserted, Key.updated: updated, Key.deleted: deleted]
        }

        /// True when nothing changed.
        public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

        enum Key {
            static let inserted = "inserted"
            static let updated = "updated"
            static let deleted = "deleted"
        }
    }
}

extension ModelContainer {
    /// Every save and batch request made after this property is read, in commit order.
    ///
    /// Each read is a new subscription; it ends when the loop that consumes it is cancelled.
    public var changes: AsyncStream<ModelContext.Changes> {
        broadcaster.subscribe()
    }

    /// Sends committed changes to subscribers and auto-merging contexts; called under the store's
    /// lock, so everyone sees saves in commit order.
    func publish(_ changes: ModelContext.Changes, from origin: ModelContext?) {
        guard !changes.isEmpty else { return }
        broadcaster.publish(changes, from: origin)
    }

    /// Posts ``ModelContext/didSave`` on `NotificationCenter.default`, outside the store's lock.
    func postDidSave(_ changes: ModelContext.Changes, from origin: ModelContext?) {
        guard !changes.isEmpty else { return }
        NotificationCenter.default.post(name: ModelContext.didSave, object: origin, userInfo: changes.userInfo)
    }
}
