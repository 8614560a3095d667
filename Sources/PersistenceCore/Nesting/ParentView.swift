import Foundation

/// What a child context sees through its parent: every model the parent (or a context above it)
/// holds with unsaved changes, as values, and every model one of them deleted. Read on the
/// parent's queue (``ModelContext/parentView()``) and handed down: `Sendable`, no models in it.
///
/// A model no context above holds with changes is read from the store, as the parent would read it.
struct ParentView: Sendable {
    /// One model as the parent holds it.
    struct Object: Sendable {
        let identifier: PersistentIdentifier
        /// Its stored values (``BackingData/values``): attributes, then to-one keys.
        let values: RowValues
        /// The store version the parent read, compared when the root saves (0 for a new model).
        let version: Int64
        /// The members of each relationship the parent loaded and changed (every loaded one for
        /// a new model), by relationship index.
        let relations: [Int: [PersistentIdentifier]]
        /// Whether it is new: inserted above and never saved to the store.
        let isInserted: Bool
    }

    /// The models held with changes, by identifier.
    var objects: [PersistentIdentifier: Object] = [:]
    /// The identifiers in the order the parent listed them: saved rows first, then new models as
    /// they were inserted (how a fetch without a sort lists them).
    var order: [PersistentIdentifier] = []
    /// The models deleted above and not saved yet: a child does not see them.
    var deleted: Set<PersistentIdentifier> = []

    /// Lays `nearer` (a context below, closer to the child) over this view: its models win.
    mutating func overlay(_ nearer: ParentView) {
        for identifier in nearer.order {
            if objects[identifier] == nil { order.append(identifier) }
            objects[identifier] = nearer.objects[identifier]
            // A context that holds a changed copy of a model deleted above still shows its copy.
            deleted.remove(identifier)
        }
        for identifier in nearer.deleted {
            deleted.insert(identifier)
            objects[identifier] = nil
        }
        order.removeAll { objects[$0] == nil }
    }

    /// The row a child fills a model with, for a model this view holds.
    func row(of identifier: PersistentIdentifier) -> EntitySQL.Row? {
        objects[identifier].map { EntitySQL.Row(primaryKey: identifier.primaryKey ?? 0, version: $0.version, values: $0.values) }
    }
}
