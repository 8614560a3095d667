import Foundation
import PersistenceCore

extension Trace {
    /// One run of a lesson: the lanes and events of one store, timed from its own start.
    struct Run {
        /// What its lanes' names share (", no merging" → "no merging"), or nil.
        let name: String?
        let trace: Trace
    }

    /// The trace cut into runs, one per store its contexts used, in the order they began.
    ///
    /// A lesson runs each way (and each framework) in a container of its own: drawn on one time
    /// axis, the first run takes most of the width and the merges and deliveries of the others
    /// are a few pixels wide. A run of its own gets a time axis of its own. Lanes that belong to
    /// no store (the main queue, other threads) go with the run whose span holds each of their
    /// events, or the nearest. A trace of one store (or none) is one run: itself.
    func runs() -> [Run] {
        var storeOrder: [UUID] = []
        var windows: [UUID: (start: Duration, end: Duration)] = [:]
        for event in events {
            guard let store = lane(event.lane)?.storeIdentifier else { continue }
            let end = event.end ?? event.start
            if let window = windows[store] {
                windows[store] = (window.start, max(window.end, end))
            } else {
                storeOrder.append(store)
                windows[store] = (event.start, end)
            }
        }
        guard storeOrder.count > 1 else { return [Run(name: nil, trace: self)] }

        // Each event's run: its lane's store, else the last run begun by then (runs overlap
        // where one's queue is still busy as the next begins), else the first.
        func run(of event: TraceEvent) -> UUID {
            if let store = lane(event.lane)?.storeIdentifier { return store }
            return storeOrder.last { windows[$0]!.start <= event.start } ?? storeOrder[0]
        }
        let grouped = Dictionary(grouping: events, by: run(of:))
        return storeOrder.map { store in
            let runEvents = grouped[store] ?? []
            let origin = runEvents.map(\.start).min() ?? .zero
            let laneIDs = Set(runEvents.map(\.lane))
            let runLanes = lanes.filter { laneIDs.contains($0.id) }
            return Run(name: Self.sharedSuffix(of: runLanes.map(\.name)),
                       trace: Trace(lanes: runLanes, events: runEvents.map { event in
                           TraceEvent(id: event.id, lane: event.lane, start: event.start - origin,
                                      end: event.end.map { $0 - origin }, kind: event.kind, flowsFrom: event.flowsFrom)
                       }))
        }
    }

    /// The ", "-separated words every lane name that has them ends with, when there are any: a
    /// run's lanes are named after the way they run ("seed, no merging", "reader, no merging").
    static func sharedSuffix(of names: [String]) -> String? {
        let parted = names.map { $0.components(separatedBy: ", ") }.filter { $0.count > 1 }
        guard var shared = parted.first.map({ Array($0.dropFirst()) }) else { return nil }
        for parts in parted.dropFirst() {
            while !shared.isEmpty && !parts.dropFirst().reversed().starts(with: shared.reversed()) { shared.removeFirst() }
        }
        return shared.isEmpty ? nil : shared.joined(separator: ", ")
    }
}
