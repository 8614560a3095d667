import Foundation
import PersistenceCore

extension Trace {
    /// How one change of a model travelled, or failed to travel, to one lane's context and the
    /// results observers in it: the answer to "why didn't it update?".
    public struct Journey: Sendable, Hashable, CustomStringConvertible {
        /// Where the change stopped, or that it arrived.
        public enum Outcome: Sendable, Hashable {
            /// An observer in the lane delivered it.
            case delivered
            /// The lane's context saved it itself.
            case savedHere
            /// Merged, and no results observer in the lane showed it: its predicate excludes the
            /// model, or nothing there observes it.
            case mergedNotShown
            /// Saved by another context, never merged: automatic merging was off and no one merged it.
            case notMerged
            /// Saved by another context, automatic merging on, but the merge had not run when the trace ended.
            case mergePending
            /// A batch request: no did-save, and no merge by hand.
            case batchNotMerged
            /// Another process changed it, and the lane's context never fetched the history that holds it.
            case notFetchedFromHistory
            /// Another process changed it; the lane's context fetched it from history and never merged it.
            case fetchedNotMerged
            /// No change to it was seen during the trace: no context saved it, no batch request
            /// changed it, no remote-change notification named it.
            case noChangeSeen
        }

        public let identifier: PersistentIdentifier
        public let lane: String
        public let outcome: Outcome
        /// The change's steps, then the first missing link, in words.
        public let steps: [String]

        public var description: String { steps.joined(separator: "; ") }
    }

    /// Follows each change of `identifier` (each commit or batch request that changed it, and each
    /// remote-change notification of another process's commit that did) to the lane named `lane`,
    /// and names the first missing link of each; one journey per change, in the order they
    /// happened.
    public func explain(_ identifier: PersistentIdentifier, in lane: String) -> [Journey] {
        guard let target = self.lane(named: lane) else { return [] }
        let sources = events.filter { Self.isChange($0.kind) && $0.kind.changes(identifier) }
        guard !sources.isEmpty else {
            let words = "\(Self.short(identifier)) was not changed during the trace: no context saved it, no batch request changed it, and no remote-change notification named it"
            return [Journey(identifier: identifier, lane: lane, outcome: .noChangeSeen, steps: [words])]
        }
        return sources.map { journey(of: identifier, from: $0, to: target) }
    }

    /// Every change committed to the store of the lane named `lane`, by another context, a batch
    /// request or another process, that did not reach it: each model each commit, batch or
    /// remote change changed, with the first missing link of its journey. What `lab why` prints
    /// for each of a lesson's lists.
    ///
    /// Changes made before the lane's first event are left out: its context was not in the
    /// picture yet (a list made afterwards fetches what the store holds).
    public func undelivered(in lane: String) -> [Journey] {
        guard let target = self.lane(named: lane), let first = events.first(where: { $0.lane == target.id }) else { return [] }
        var journeys: [Journey] = []
        for source in events where source.lane != target.id && source.start >= first.start {
            let changed: [PersistentIdentifier]
            switch source.kind {
            case .commit(let inserted, let updated, let deleted): changed = inserted + updated + deleted
            case .batch(_, _, let identifiers): changed = identifiers
            case .remoteChange(_, _, let elsewhere): changed = elsewhere
            default: continue
            }
            for identifier in changed where identifier.storeIdentifier == target.storeIdentifier {
                let journey = journey(of: identifier, from: source, to: target)
                if journey.outcome != .delivered && journey.outcome != .savedHere { journeys.append(journey) }
            }
        }
        return journeys
    }

    private func journey(of identifier: PersistentIdentifier, from source: TraceEvent, to target: TraceLane) -> Journey {
        let name = Self.short(identifier)
        let origin = lane(source.lane)?.name ?? "a context"
        func finish(_ outcome: Journey.Outcome, _ steps: [String]) -> Journey {
            Journey(identifier: identifier, lane: target.name, outcome: outcome, steps: steps)
        }
        var steps: [String]
        if case .batch(let kind, _, _) = source.kind {
            steps = ["\(name) was changed by a batch \(kind) at \(Self.at(source.start))"]
        } else if case .remoteChange(let announced, _, _) = source.kind {
            steps = ["\(name) was changed by another process; the store file's remote-change notification came at \(Self.at(source.start))"]
            // The fetch that read those transactions: matched by token, not by arrow, since a
            // HistoryObserver hears the same commit as the notification and may fetch before it is posted.
            let fetch = events.first { event in
                guard event.lane == target.id, case .historyFetch(let tokens, let changed) = event.kind else { return false }
                return changed.contains(identifier) && tokens.contains { announced.contains($0) }
            }
            guard let fetch else {
                return finish(.notFetchedFromHistory, steps + ["\(target.name) never fetched the history that holds it: automaticallyMergesChangesFromParent merges the saves of this process's contexts only, so another process's commit reaches a context through history (fetchHistory after your last token, then mergeChanges)"])
            }
            steps.append("\(target.name) fetched it from history at \(Self.at(fetch.start))")
            guard let merge = events.first(where: { $0.lane == target.id && $0.flowsFrom.contains(fetch.id) }) else {
                return finish(.fetchedNotMerged, steps + ["\(target.name) fetched it from history but never merged it: pass the transactions' changes to mergeChanges(fromContextDidSave:)"])
            }
            return shown(identifier, mergedBy: merge, in: target, steps: steps)
        } else {
            steps = ["\(name) was saved by \(origin) at \(Self.at(source.start))"]
            if source.lane == target.id {
                return finish(.savedHere, steps + ["\(target.name) saved it itself"])
            }
        }
        guard let merge = events.first(where: { $0.lane == target.id && $0.flowsFrom.contains(source.id) }) else {
            if case .batch = source.kind {
                return finish(.batchNotMerged, steps + ["it was a batch request: batch requests post no did-save, so \(target.name) never merged it; merge its result by hand with mergeChanges(fromRemoteContextSave:into:)"])
            }
            if mergesAutomatically(target.id, at: source.start) {
                return finish(.mergePending, steps + ["\(target.name) merges automatically, but its merge had not run when the trace ended"])
            }
            return finish(.notMerged, steps + ["\(target.name) never merged it: its automaticallyMergesChangesFromParent is false and no one called mergeChanges"])
        }
        return shown(identifier, mergedBy: merge, in: target, steps: steps)
    }

    /// The end of a journey that reached `target`'s context: which results observer showed it, or why none did.
    private func shown(_ identifier: PersistentIdentifier, mergedBy merge: TraceEvent, in target: TraceLane, steps: [String]) -> Journey {
        func finish(_ outcome: Journey.Outcome, _ steps: [String]) -> Journey {
            Journey(identifier: identifier, lane: target.name, outcome: outcome, steps: steps)
        }
        let steps = steps + ["merged into \(target.name) at \(Self.at(merge.start))"]
        let deliveries = events.filter { $0.lane == target.id && $0.flowsFrom.contains(merge.id) }
        if let shown = deliveries.first(where: { $0.kind.changes(identifier) }) {
            return finish(.delivered, steps + ["\(shown.name.components(separatedBy: " delivery").first ?? "an observer") showed it at \(Self.at(shown.start))"])
        }
        let observers = events.contains { $0.lane == target.id && { if case .delivery = $0.kind { true } else { false } }($0) }
        return finish(.mergedNotShown, steps + [observers
            ? "merged at \(Self.at(merge.start)), but no observer showed it: its predicate excludes it, or it was not in the results"
            : "merged at \(Self.at(merge.start)), but nothing in \(target.name) observes it"])
    }

    /// Whether `lane`'s context merged automatically at `time`: the last setting before then (off until set).
    private func mergesAutomatically(_ lane: TraceLane.ID, at time: Duration) -> Bool {
        var on = false
        for event in events where event.lane == lane && event.start <= time {
            if case .automaticMerging(let value) = event.kind { on = value }
        }
        return on
    }

    /// Whether an event is a change to the store: a commit, a batch request, or another
    /// process's commit announced by a remote-change notification.
    static func isChange(_ kind: TraceEvent.Kind) -> Bool {
        switch kind {
        case .commit, .batch: true
        case .remoteChange(_, _, let elsewhere): !elsewhere.isEmpty
        default: false
        }
    }

    /// `Item p3`.
    static func short(_ identifier: PersistentIdentifier) -> String {
        "\(identifier.entityName) \(identifier.primaryKey.map { "p\($0)" } ?? "(temporary)")"
    }

    /// `12.4 ms`.
    static func at(_ time: Duration) -> String {
        String(format: "%.1f ms", milliseconds(time))
    }
}
