import Foundation
import PersistenceCore

extension RelationshipFaults {
    /// The wrong queue, and the list made three ways.
    public struct Outcome: Sendable, Codable, Hashable {
        public var wrongQueue: WrongQueue
        public var faultingOnMain: ListRun
        public var prefetchingOnMain: ListRun
        public var prefetchingInBackground: ListRun
    }

    /// A trip's stops read off its context's queue, then inside `perform`, under `.record`.
    public struct WrongQueue: Sendable, Codable, Hashable {
        public var stopsReadOffQueue: Int
        /// The violations recorded against the main context's queue.
        public var violations: [ConcurrencyViolation]
        public var stopsReadInPerform: Int
        public var violationsInPerform: Int
    }

    /// The list made ``RelationshipFaults/attempts`` times: where, how, what it showed, and what
    /// it cost at best.
    public struct ListRun: Sendable, Codable, Hashable {
        /// The queue of the context that read the trips.
        public var queueLabel: String
        public var prefetching: Bool
        /// What the first attempt showed.
        public var summaries: [TripSummary]
        /// How many later attempts showed something else than the first: a check that compares
        /// `summaries` alone would miss a list that came out wrong only once.
        public var attemptsThatDiffered = 0
        /// How many reads the store ran (``PersistenceCore/ModelContainer/readCount``).
        public var reads: Int
        /// From the fetch to the main queue showing the list.
        public var milliseconds: Double
        /// The longest the main queue kept a heartbeat tick waiting meanwhile.
        public var maxDelayMilliseconds: Double
        /// How long the main queue was held in all.
        public var blockedMilliseconds: Double

        /// This run and `other`, a later attempt, as one: the quicker of each time, the larger read
        /// count, and the first attempt's list, with `other` counted if its list differs from it.
        func keepingQuickest(_ other: ListRun) -> ListRun {
            var kept = self
            kept.reads = max(reads, other.reads)
            kept.attemptsThatDiffered += other.attemptsThatDiffered + (other.summaries == summaries ? 0 : 1)
            kept.milliseconds = min(milliseconds, other.milliseconds)
            kept.maxDelayMilliseconds = min(maxDelayMilliseconds, other.maxDelayMilliseconds)
            kept.blockedMilliseconds = min(blockedMilliseconds, other.blockedMilliseconds)
            return kept
        }
    }
}

extension RelationshipFaults {
    /// The lesson's claims: the queue rule from the violations, N+1 from the store's read count,
    /// the main queue from the heartbeat.
    public func checks(_ outcome: Outcome) -> [Check] {
        let queue = outcome.wrongQueue
        let faulting = outcome.faultingOnMain, prefetching = outcome.prefetchingOnMain, background = outcome.prefetchingInBackground
        let nPlusOne = 1 + Self.trips + Self.trips * Self.stopsPerTrip
        let prefetched = 1 + (Self.trips + 499) / 500
        let expected = (0..<Self.trips).map { number in
            TripSummary(name: String(format: "trip %04d", number), stopTitles: (0..<Self.stopsPerTrip).map { "stop \(number).\($0)" })
        }
        return [
            Check("a trip's stops read from another queue are a concurrency violation named like an attribute's, Trip.stops get",
                  holds: queue.violations.map(\.operation) == ["Trip.stops get"] && queue.stopsReadOffQueue == 3,
                  measured: [.init("recorded", queue.violations.map(\.description).joined(separator: "; "))]),
            Check("read inside perform on the trip's context, the same relationship is no violation",
                  holds: queue.violationsInPerform == 0 && queue.stopsReadInPerform == 3,
                  measured: [.init("violations", queue.violationsInPerform)]),
            Check("faulting, the list reads the store once for the trips, once per trip for its stops and once per stop (N+1, twice)",
                  holds: faulting.reads == nPlusOne,
                  measured: [.init("reads", faulting.reads), .init("1 + trips + stops", nPlusOne)]),
            Check("prefetching, it reads the store \(prefetched) times, however many stops",
                  holds: prefetching.reads == prefetched && background.reads == prefetched,
                  measured: [.init("on the main queue", prefetching.reads), .init("in the background", background.reads)]),
            Check("every way shows the same trips and stops, in every attempt",
                  holds: [faulting, prefetching, background].allSatisfy { $0.summaries == expected && $0.attemptsThatDiffered == 0 },
                  measured: [.init("trips", faulting.summaries.count), .init("stops each", faulting.summaries.first?.stopTitles.count ?? 0),
                             .init("attempts that differed", faulting.attemptsThatDiffered + prefetching.attemptsThatDiffered
                                   + background.attemptsThatDiffered)]),
            Check("on the main queue, faulting held the main queue longer than prefetching (the best of \(Self.attempts) runs each)",
                  holds: faulting.blockedMilliseconds > prefetching.blockedMilliseconds,
                  measured: [.init("faulting ms", String(format: "%.1f", faulting.blockedMilliseconds)),
                             .init("prefetching ms", String(format: "%.1f", prefetching.blockedMilliseconds))]),
            Check("prefetched in the background, the main queue's longest wait was shorter than while faulting on it",
                  holds: background.queueLabel.hasPrefix("ModelContext 0x") && background.maxDelayMilliseconds < faulting.maxDelayMilliseconds,
                  measured: [.init("background ms", String(format: "%.1f", background.maxDelayMilliseconds)),
                             .init("faulting on main ms", String(format: "%.1f", faulting.maxDelayMilliseconds))]),
        ]
    }
}
