import Foundation

extension DeletedModel {
    /// The three lanes.
    public struct Outcome: Sendable, Codable, Hashable {
        public var withoutMerging: WithoutMerging
        public var withMerging: WithMerging
        public var holdingIdentifiers: HoldingIdentifiers
    }

    /// The screen holds models; the main context merges nothing.
    public struct WithoutMerging: Sendable, Codable, Hashable {
        /// The trip's name, read on the main context after the deletion was saved.
        public var tripNameShown: String
        /// How many stops the trip still lists there.
        public var stopsListed: Int
        /// How many of the stops the screen holds are faults (their rows never read).
        public var stopsThatAreFaults: Int
        /// How many of the stops' rows exist in the store.
        public var stopRowsLeft: Int
        /// What opening the second stop stops the process with (`DeletedModelTests` proves it).
        public var trapWhenOpened: String
    }

    /// The screen holds models; the main context merges every save.
    public struct WithMerging: Sendable, Codable, Hashable {
        /// How many of the trip and its stops the main context still registers after the merge.
        public var registeredAfterMerge: Int
        /// What a fetch finds on the main context after the merge.
        public var tripsFetchedAfterMerge: Int
        public var stopsFetchedAfterMerge: Int
        /// Whether the trip model the screen still holds left its context (it was invalidated).
        public var heldTripLeftItsContext: Bool
        /// What reading that trip's name stops the process with (`DeletedModelTests` proves it).
        public var trapWhenRead: String
    }

    /// The screen holds identifiers and values, and reads again after each change.
    public struct HoldingIdentifiers: Sendable, Codable, Hashable {
        public var before: TripScreen
        public var after: TripScreen
        /// Concurrency violations recorded while the deletion was saved and the screen read again.
        public var violations: Int
        /// How many of the stops' rows exist in the store after the cascade.
        public var stopRowsLeft: Int
    }
}

extension DeletedModel {
    /// The lesson's claims, each decided by what the lanes saw.
    public func checks(_ outcome: Outcome) -> [Check] {
        let none = outcome.withoutMerging, merged = outcome.withMerging, ids = outcome.holdingIdentifiers
        return [
            Check("the deletion cascaded: the trip's stops were deleted in the same save",
                  holds: none.stopRowsLeft == 0 && ids.stopRowsLeft == 0,
                  measured: [.init("stop rows left", "\(none.stopRowsLeft), \(ids.stopRowsLeft)")]),
            Check("without merging, the main context still shows the deleted trip and lists its three stops",
                  holds: none.tripNameShown == Self.tripName && none.stopsListed == Self.stopTitles.count,
                  measured: [.init("trip shown", none.tripNameShown), .init("stops listed", none.stopsListed)]),
            Check("without merging, the listed stops are faults whose rows are gone: opening one stops the process, naming its URI",
                  holds: none.stopsThatAreFaults == Self.stopTitles.count && none.stopRowsLeft == 0
                      && none.trapWhenOpened.hasPrefix("could not fulfill a fault for x-lab://"),
                  measured: [.init("faults", none.stopsThatAreFaults), .init("trap", none.trapWhenOpened)]),
            Check("with automatic merging, the main context drops the trip and its stops",
                  holds: merged.registeredAfterMerge == 0 && merged.tripsFetchedAfterMerge == 0 && merged.stopsFetchedAfterMerge == 0,
                  measured: [.init("registered", merged.registeredAfterMerge), .init("trips fetched", merged.tripsFetchedAfterMerge),
                             .init("stops fetched", merged.stopsFetchedAfterMerge)]),
            Check("with automatic merging, a trip model the screen still holds is invalidated: reading it stops the process, naming its URI and the merge",
                  holds: merged.heldTripLeftItsContext && merged.trapWhenRead.contains("Trip x-lab://")
                      && merged.trapWhenRead.contains("was deleted by another context's save"),
                  measured: [.init("left its context", merged.heldTripLeftItsContext), .init("trap", merged.trapWhenRead)]),
            Check("holding identifiers and values, the screen reads the trip again, finds it gone, and touches no model",
                  holds: ids.before.title == Self.tripName && ids.before.stopTitles == Self.stopTitles
                      && ids.after.title == nil && ids.after.stopTitles.isEmpty && ids.violations == 0,
                  measured: [.init("before", "\(ids.before.title ?? "gone"): \(ids.before.stopTitles.joined(separator: ", "))"),
                             .init("after", ids.after.title ?? "gone"), .init("violations", ids.violations)]),
        ]
    }
}
