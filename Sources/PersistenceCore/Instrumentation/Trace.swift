/// What a recording saw: its lanes and its events, in the order they started.
///
/// The module TraceViews draws it (a picture, Perfetto's JSON, text) and asks it why a change did
/// not reach a context; the core only records it.
public struct Trace: Sendable, Hashable {
    public let lanes: [TraceLane]
    /// Ordered by start time.
    public let events: [TraceEvent]
    /// Where each event is in ``events``, by number: a flow's source is found without a search.
    private let positions: [UInt64: Int]
    /// Each lane by its id (ids need not be positions: a trace made of some lanes of another).
    private let laneByID: [TraceLane.ID: TraceLane]
    /// When the last event ended.
    public let duration: Duration

    public init(lanes: [TraceLane], events: [TraceEvent]) {
        self.lanes = lanes
        self.events = events.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        positions = Dictionary(uniqueKeysWithValues: self.events.enumerated().map { ($1.id, $0) })
        laneByID = Dictionary(lanes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        duration = events.map { $0.end ?? $0.start }.max() ?? .zero
    }

    /// The lane called `name`, if the trace has one (the first, when several share the name).
    public func lane(named name: String) -> TraceLane? {
        lanes.first { $0.name == name }
    }

    /// The lane numbered `id`.
    public func lane(_ id: TraceLane.ID) -> TraceLane? {
        laneByID[id]
    }

    /// The event numbered `id`.
    public func event(_ id: UInt64) -> TraceEvent? {
        positions[id].map { events[$0] }
    }

    /// The events on `lane`, in order.
    public func events(on lane: TraceLane.ID) -> [TraceEvent] {
        events.filter { $0.lane == lane }
    }

}
