/// What a recording saw: its lanes and its events, in the order they started.
///
/// Export it with ``chromeTraceJSON()`` (opens in Perfetto's UI and `chrome://tracing`) or
/// ``text(columnWidth:)``, or ask it why a change did not reach a context with ``explain(_:in:)``.
public struct Trace: Sendable, Hashable {
    public let lanes: [TraceLane]
    /// Ordered by start time.
    public let events: [TraceEvent]

    public init(lanes: [TraceLane], events: [TraceEvent]) {
        self.lanes = lanes
        self.events = events.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The lane called `name`, if the trace has one.
    public func lane(named name: String) -> TraceLane? {
        lanes.first { $0.name == name }
    }

    /// The event numbered `id`.
    public func event(_ id: UInt64) -> TraceEvent? {
        events.first { $0.id == id }
    }

    /// The events on `lane`, in order.
    public func events(on lane: TraceLane.ID) -> [TraceEvent] {
        events.filter { $0.lane == lane }
    }

    /// When the last event ended.
    public var duration: Duration {
        events.map { $0.end ?? $0.start }.max() ?? .zero
    }
}
