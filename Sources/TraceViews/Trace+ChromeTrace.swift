import Foundation
import PersistenceCore

extension Trace {
    /// The trace in the Chrome trace event format, which Perfetto's UI (ui.perfetto.dev) and
    /// `chrome://tracing` open: a thread per lane, named by thread-name metadata; a complete
    /// (`X`) event per span and an instant (`i`) per instant, timed in microseconds; and a flow
    /// (`s` then `f`) per arrow, from a commit to each merge of it and from a merge or save to
    /// the observer deliveries it caused.
    public func chromeTraceJSON() throws -> Data {
        var entries: [[String: Any]] = [["ph": "M", "pid": 1, "name": "process_name", "args": ["name": "lab"]]]
        for lane in lanes {
            entries.append(["ph": "M", "pid": 1, "tid": lane.id + 1, "name": "thread_name", "args": ["name": lane.name]])
            entries.append(["ph": "M", "pid": 1, "tid": lane.id + 1, "name": "thread_sort_index", "args": ["sort_index": lane.id]])
        }
        entries += Self.entries(for: events, in: self)
        let object: [String: Any] = ["traceEvents": entries, "displayTimeUnit": "ms"]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// The events, and each flow into them.
    private static func entries(for traced: [TraceEvent], in trace: Trace) -> [[String: Any]] {
        var out: [[String: Any]] = []
        var flow = 0
        for event in traced {
            var entry: [String: Any] = ["pid": 1, "tid": event.lane + 1, "name": event.name, "cat": category(of: event.kind),
                                        "ts": microseconds(event.start), "args": arguments(of: event)]
            if let end = event.end {
                entry["ph"] = "X"
                entry["dur"] = max(microseconds(end - event.start), 0.001)
            } else {
                entry["ph"] = "i"
                entry["s"] = "t"
            }
            out.append(entry)
            for source in event.flowsFrom {
                guard let from = trace.event(source) else { continue }
                // The arrow leaves the source where it happened (a commit, inside its save's span)
                // and binds to the slice that encloses the target's start.
                flow += 1
                out.append(["ph": "s", "id": flow, "pid": 1, "tid": from.lane + 1,
                            "ts": microseconds(from.end ?? from.start), "name": "caused", "cat": "flow",
                            "args": ["from": Int(source), "to": Int(event.id)]])
                out.append(["ph": "f", "bp": "e", "id": flow, "pid": 1, "tid": event.lane + 1,
                            "ts": microseconds(event.start), "name": "caused", "cat": "flow",
                            "args": ["from": Int(source), "to": Int(event.id)]])
            }
        }
        return out
    }

    private static func microseconds(_ duration: Duration) -> Double {
        Trace.milliseconds(duration) * 1000
    }

    private static func category(of kind: TraceEvent.Kind) -> String {
        switch kind {
        case .job: "job"
        case .fetch, .fault, .historyFetch: "read"
        case .save, .commit, .batch, .didSave: "write"
        case .merge, .automaticMerging, .remoteChange: "merge"
        case .delivery: "observer"
        case .violation: "violation"
        case .mark: "mark"
        }
    }

    /// What the event's args show when it is selected: its identifiers, as URIs.
    private static func arguments(of event: TraceEvent) -> [String: Any] {
        func uris(_ identifiers: [PersistentIdentifier]) -> [String] { identifiers.prefix(50).map(\.description) }
        switch event.kind {
        case .commit(let inserted, let updated, let deleted), .delivery(_, let inserted, let updated, let deleted):
            return ["inserted": uris(inserted), "updated": uris(updated), "deleted": uris(deleted)]
        case .merge(let updated, let deleted, let inserted):
            return ["inserted": uris(inserted), "updated": uris(updated), "deleted": uris(deleted)]
        case .batch(_, _, let identifiers):
            return ["identifiers": uris(identifiers), "note": "a batch request posts no did-save"]
        case .violation(let violation):
            return ["operation": violation.operation, "expected queue": violation.expectedQueue, "found": violation.thread]
        case .fault(let identifier):
            return ["identifier": identifier.description]
        case .remoteChange(let tokens, _, let elsewhere):
            return ["tokens": "\(tokens.lowerBound)...\(tokens.upperBound)", "changed by other processes": uris(elsewhere)]
        case .historyFetch(let tokens, let changed):
            return ["tokens": tokens.map(String.init), "changed": uris(changed)]
        default:
            return [:]
        }
    }
}
