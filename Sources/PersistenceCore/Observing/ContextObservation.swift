/// What happened in a context that may change what its results observers show, told to them
/// on the context's queue, right after it happened.
enum ContextEvent {
    /// The context saved these changes.
    case saved(ModelContext.Changes)
    /// The context merged another save's (or a batch request's) changes.
    case merged(ModelContext.Changes)
    /// Values in memory were reloaded or discarded: `refresh`, `refreshAllObjects`, `rollback`.
    /// The entity is given when one model of it was refreshed.
    case refreshed(entity: String?)
    /// The context forgot every model.
    case reset

    /// Whether the event can change a fetch of the entity whose kind is `entities` (its name and
    /// its subentities'): always after a reset or a refresh of everything, else only when it
    /// names one of them. Checking never builds a batch's set.
    func concerns(entities: [String]) -> Bool {
        switch self {
        case .saved(let changes), .merged(let changes): entities.contains { changes.mentions(entity: $0) }
        case .refreshed(let refreshed): refreshed.map { entities.contains($0) } ?? true
        case .reset: true
        }
    }

    /// The traced event behind it (a commit or a merge), which an observer's delivery flows from;
    /// 0 when none was traced.
    var traceEvent: UInt64 {
        switch self {
        case .saved(let changes), .merged(let changes): changes.traceEvent
        case .refreshed, .reset: 0
        }
    }

    /// The identifiers the event says were updated; nil when it says every model may have been.
    var updated: Set<PersistentIdentifier>? {
        switch self {
        case .saved(let changes), .merged(let changes): changes.updated
        case .refreshed, .reset: nil
        }
    }
}

/// Something that follows a context's events: a ``ResultsObserver``.
protocol ContextObserver: AnyObject {
    func contextDidChange(_ event: ContextEvent)
}

/// A context's reference to an observer: weak, so an observer lives as long as its owner keeps it.
struct WeakContextObserver {
    weak var observer: (any ContextObserver)?
}

extension ModelContext {
    /// Starts telling `observer` about this context's events; call on the context's queue.
    func addObserver(_ observer: any ContextObserver) {
        contextObservers.removeAll { $0.observer == nil }
        contextObservers.append(WeakContextObserver(observer: observer))
    }

    /// Tells every live observer about `event`; called on the context's queue.
    func notifyObservers(_ event: ContextEvent) {
        guard !contextObservers.isEmpty else { return }
        contextObservers.removeAll { $0.observer == nil }
        for entry in contextObservers {
            entry.observer?.contextDidChange(event)
        }
    }
}
