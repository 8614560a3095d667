import Foundation
import Synchronization

/// Records where each piece of work ran and what waited for what, for a picture of it: each
/// job on each context's queue, fetches, saves and their commits, merges, results observers'
/// deliveries, batch requests, remote changes and ``ConcurrencyDebug`` violations, each on the
/// lane of the context (or queue) it belongs to, with monotonic timestamps.
///
/// Off unless a recording runs: then every instrumented place costs one relaxed atomic load
/// (``isRecording``), and records nothing. Recording changes no outcome: it only appends to a
/// buffer behind a lock.
///
/// ```swift
/// let (_, trace) = try await TraceRecorder.record { try await lesson.run(in: environment) }
/// try trace.chromeTraceJSON().write(to: url)     // TraceViews: open it in ui.perfetto.dev
/// ```
public enum TraceRecorder {
    /// Runs `body` with recording on, and returns what it recorded. The recorder is process-wide,
    /// so recordings take turns, as ``ConcurrencyDebug/withMode(_:_:)`` runs do; work still
    /// running on other threads when `body` returns is not in the trace.
    public nonisolated(nonsending) static func record<T>(_ body: () async throws -> T) async rethrows -> (result: T, trace: Trace) {
        await turns.acquire()
        defer { turns.release() }
        begin()
        do {
            let result = try await body()
            return (result, finish())
        } catch {
            _ = finish()
            throw error
        }
    }

    /// Whether a recording is on: the one load an instrumented place pays when it is not.
    @inline(__always)
    public static var isRecording: Bool { on.load(ordering: .relaxed) }

    /// Records a span the traced code measured itself, such as the main queue's busy and waiting
    /// spans, on the lane called `lane` (made if new); `from` and `to` are `ContinuousClock`
    /// instants. Nothing happens when no recording is on.
    public static func span(_ name: String, on lane: String, from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) {
        guard isRecording else { return }
        _ = state.withLock { recording in
            recording.append(.mark(name), lane: recording.lane(named: lane), start: start, end: end, flowsFrom: [])
        }
    }

    /// The name of the main queue's own lane, where the heartbeat's spans go.
    public static let mainQueueLane = "main queue"

    // MARK: What the library records

    /// Runs `body` as a span of `kind` on `context`'s lane, flowing from `flowsFrom`; returns the
    /// span's number through `id` (0 when not recording). `kind` and `flowsFrom` are only worked
    /// out when a recording is on.
    static func span<T, E: Error>(_ kind: @autoclosure () -> TraceEvent.Kind, on context: ModelContext,
                                  flowsFrom: @autoclosure () -> [UInt64] = [],
                                  _ body: (_ id: UInt64) throws(E) -> T) throws(E) -> T {
        guard isRecording else { return try body(0) }
        let start = ContinuousClock.now
        let (kind, sources) = (kind(), flowsFrom())
        let id = state.withLock { recording in
            recording.append(kind, lane: recording.lane(for: context), start: start, end: start, flowsFrom: sources)
        }
        defer {
            let end = ContinuousClock.now
            state.withLock { $0.close(id, at: end) }
        }
        return try body(id)
    }

    /// Changes what span `id` says it was, once its outcome is known (a fetch's count).
    static func update(_ id: UInt64, to kind: TraceEvent.Kind) {
        guard id != 0, isRecording else { return }
        state.withLock { $0.update(id, to: kind) }
    }

    /// Records an instant of `kind` on `context`'s lane; returns its number (0 when not
    /// recording, and then `kind` is not worked out).
    @discardableResult
    static func instant(_ kind: @autoclosure () -> TraceEvent.Kind, on context: ModelContext, flowsFrom: [UInt64] = []) -> UInt64 {
        guard isRecording else { return 0 }
        let now = ContinuousClock.now
        let kind = kind()
        return state.withLock { recording in
            recording.append(kind, lane: recording.lane(for: context), start: now, end: nil, flowsFrom: flowsFrom)
        }
    }

    /// Records an instant of `kind` on the lane of the queue the caller runs on: its context's,
    /// the main queue's, or other threads'.
    @discardableResult
    static func instantOnCurrentQueue(_ kind: @autoclosure () -> TraceEvent.Kind, container: ModelContainer) -> UInt64 {
        guard isRecording else { return 0 }
        let now = ContinuousClock.now
        let kind = kind()
        let token = DispatchQueue.getSpecific(key: QueueIdentity.contextQueueKey)
        let onMain = QueueIdentity.isOnMainQueue
        return state.withLock { recording in
            let lane: TraceLane.ID
            if let token, let known = recording.laneByKey[.context(token)] {
                lane = known
            } else if onMain {
                lane = container.existingMainQueueContext.map { recording.lane(for: $0) }
                    ?? recording.lane(named: TraceRecorder.mainQueueLane)
            } else {
                lane = recording.otherThreadsLane()
            }
            return recording.append(kind, lane: lane, start: now, end: nil, flowsFrom: [])
        }
    }

    /// Records an instant of `kind` on the lane called `name` (made if new); `kind` is worked
    /// out only when a recording is on.
    @discardableResult
    static func instant(_ kind: @autoclosure () -> TraceEvent.Kind, onLane name: String) -> UInt64 {
        guard isRecording else { return 0 }
        let now = ContinuousClock.now
        let kind = kind()
        return state.withLock { recording in
            recording.append(kind, lane: recording.lane(named: name), start: now, end: nil, flowsFrom: [])
        }
    }

    /// The lane of the store's remote-change notifications, which every commit to the file posts,
    /// another process's too.
    static let remoteChangesLane = "store file (remote-change notifications)"

    /// Names `context`'s lane by its new name: a context named inside its own first job (a model
    /// actor names its context there) goes by that name in the whole trace.
    static func rename(_ context: ModelContext, to name: String?) {
        guard isRecording, let name else { return }
        state.withLock { recording in
            guard let id = recording.laneByKey[.context(context.token)] else { return }
            recording.rename(id, to: name)
        }
    }

    /// A context's lane name: its ``ModelContext/name``, else "main context (main queue)" for
    /// its container's main context (SwiftData's), "view context (main queue)" for its view
    /// context (Core Data's), "ModelContext 0x… (main queue)" for another main-queue context,
    /// "ModelContext 0x… (private)" for a private one.
    static func laneName(of context: ModelContext) -> String {
        if let name = context.name { return name }
        switch context.ownedRole {
        case .mainContext?: return "main context (main queue)"
        case .viewContext?: return "view context (main queue)"
        case nil: break
        }
        guard context.concurrencyType == .mainQueue else { return "\(context.queueLabel) (private)" }
        return "ModelContext 0x\(String(UInt(bitPattern: ObjectIdentifier(context)), radix: 16)) (main queue)"
    }

    /// Says what history fetch `id` returned, with an arrow from the latest remote-change
    /// notification posted so far of one of those transactions (one arrow: a fetch of a long
    /// history would otherwise draw one from each notification).
    static func update(_ id: UInt64, toHistoryFetchOf transactions: [DefaultHistoryTransaction], store: UUID) {
        guard id != 0, isRecording else { return }
        let tokens = transactions.map(\.token.value)
        let changed = transactions.flatMap { $0.changes.map(\.changedPersistentIdentifier) }
        state.withLock { recording in
            let notification = recording.events.last { event in
                guard case .remoteChange(let range, let notified, _) = event.kind, notified == store else { return false }
                return tokens.contains { range.contains($0) }
            }
            recording.update(id, to: .historyFetch(tokens: tokens, changed: changed), flowsFrom: notification.map { [$0.id] } ?? [])
        }
    }

    /// Calls `context`'s lane "`actorName` (model actor)", or "(model actor, main queue)" for an
    /// actor created on the MainActor, while the context has no name of its own: what a model
    /// actor's executor does as it schedules each job.
    static func nameLane(of context: ModelContext, byActor actorName: String) {
        guard isRecording, context.name == nil else { return }
        let name = context.concurrencyType == .mainQueue ? "\(actorName) (model actor, main queue)" : "\(actorName) (model actor)"
        state.withLock { recording in
            recording.rename(recording.lane(for: context), to: name)
        }
    }

    /// The latest commit, batch request or history fetch that changed (or read) every identifier
    /// in `changes`: what a merge of changes made by hand flows from (a batch's identifiers given
    /// to ``ModelContext/mergeChanges(fromRemoteContextSave:into:)``, a history fetch's changes
    /// given to ``ModelContext/mergeChanges(fromContextDidSave:)``); 0 for none.
    static func latestChange(among changes: ModelContext.Changes) -> UInt64 {
        let wanted = changes.inserted.union(changes.updated).union(changes.deleted)
        guard !wanted.isEmpty else { return 0 }
        return state.withLock { recording in
            recording.events.last { event in
                switch event.kind {
                // Against a set of the event's identifiers: each wanted one looked up in the
                // event's lists was a scan of them, quadratic for a merge of a large save.
                case .commit, .batch, .historyFetch: wanted.isSubset(of: Set(event.kind.changedIdentifiers.joined()))
                default: false
                }
            }?.id ?? 0
        }
    }

    /// Records a violation on the lane of the queue it should have run on.
    static func note(_ violation: ConcurrencyViolation) {
        guard isRecording else { return }
        let now = ContinuousClock.now
        state.withLock { recording in
            let lane = recording.lanes.first { $0.queueLabel == violation.expectedQueue }?.id
                ?? recording.otherThreadsLane()
            recording.append(.violation(violation), lane: lane, start: now, end: nil, flowsFrom: [])
        }
    }

    // MARK: The recording

    private static let on = Atomic<Bool>(false)
    /// The last event number handed out, across recordings: an event's number never names an
    /// event of another recording (changes made in one and merged in the next flow from nothing).
    private static let lastEventID = Atomic<UInt64>(0)
    private static let turns = AsyncTurnstile()
    private static let state = Locked(Recording())

    private static func begin() {
        state.withLock { $0 = Recording() }
        on.store(true, ordering: .releasing)
    }

    private static func finish() -> Trace {
        on.store(false, ordering: .releasing)
        let (lanes, events) = state.withLock { recording in
            defer { recording = Recording() }
            return (recording.lanes, recording.events)
        }
        // Ordered now, after the traced work, not on the queues it ran on (see `inStableOrder`).
        return Trace(lanes: lanes, events: events.map { event in
            var ordered = event
            ordered.kind = event.kind.inStableOrder
            return ordered
        })
    }

    /// The lanes and events so far, behind ``state``'s lock.
    private struct Recording {
        enum LaneKey: Hashable {
            case context(UInt)
            case named(String)
            case otherThreads
        }

        let origin = ContinuousClock.now
        var lanes: [TraceLane] = []
        var laneByKey: [LaneKey: TraceLane.ID] = [:]
        var events: [TraceEvent] = []
        var positionByID: [UInt64: Int] = [:]

        mutating func lane(_ key: LaneKey, name: String, kind: TraceLane.Kind, queueLabel: String?,
                           storeIdentifier: UUID? = nil) -> TraceLane.ID {
            if let id = laneByKey[key] { return id }
            let id = lanes.count
            lanes.append(TraceLane(id: id, name: name, kind: kind, queueLabel: queueLabel, storeIdentifier: storeIdentifier))
            laneByKey[key] = id
            return id
        }

        /// The lane the traced code calls `name`: the main queue's, or one of its own.
        mutating func lane(named name: String) -> TraceLane.ID {
            lane(.named(name), name: name, kind: name == TraceRecorder.mainQueueLane ? .mainQueue : .named, queueLabel: nil)
        }

        /// The lane of work on threads that are no context's queue.
        mutating func otherThreadsLane() -> TraceLane.ID {
            lane(.otherThreads, name: "other threads", kind: .otherThreads, queueLabel: nil)
        }

        /// A context's lane, named as a learner names it: its `name`, else its queue.
        mutating func lane(for context: ModelContext) -> TraceLane.ID {
            if let id = laneByKey[.context(context.token)] { return id }
            return lane(.context(context.token), name: TraceRecorder.laneName(of: context), kind: .context, queueLabel: context.queueLabel,
                        storeIdentifier: context.container.storeIdentifier)
        }

        mutating func rename(_ id: TraceLane.ID, to name: String) {
            let lane = lanes[id]
            lanes[id] = TraceLane(id: id, name: name, kind: lane.kind, queueLabel: lane.queueLabel, storeIdentifier: lane.storeIdentifier)
        }

        @discardableResult
        mutating func append(_ kind: TraceEvent.Kind, lane: TraceLane.ID, start: ContinuousClock.Instant,
                             end: ContinuousClock.Instant?, flowsFrom: [UInt64]) -> UInt64 {
            let id = TraceRecorder.lastEventID.add(1, ordering: .relaxed).newValue
            positionByID[id] = events.count
            events.append(TraceEvent(id: id, lane: lane, start: start - origin, end: end.map { $0 - origin },
                                     kind: kind, flowsFrom: flowsFrom.filter { $0 != 0 }))
            return id
        }

        mutating func close(_ id: UInt64, at end: ContinuousClock.Instant) {
            guard let position = positionByID[id] else { return }
            events[position].end = end - origin
        }

        mutating func update(_ id: UInt64, to kind: TraceEvent.Kind, flowsFrom: [UInt64]? = nil) {
            guard let position = positionByID[id] else { return }
            events[position].kind = kind
            if let flowsFrom { events[position].flowsFrom = flowsFrom }
        }
    }
}
