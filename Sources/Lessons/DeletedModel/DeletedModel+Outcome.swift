import Foundation

extension DeletedModel {
    /// The three lanes.
    public struct Outcome: Sendable, Codable, Hashable {
        public var withoutMerging: WithoutMerging
        public var withMerging: WithMerging
        public var holdingIdentifiers: HoldingIdentifiers
        /// SwiftData's main context, with no merging code: the screen holds models.
        public var swiftData: WithMerging
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
        /// What opening the second stop would stop the process with, predicted from its identifier
        /// (``DeletedModel/openedStopTrapMessage(for:)``). The run does not open it: `DeletedModelTests`
        /// does, in an exit test, and checks the process stopped with exactly this message.
        public var trapWhenOpened: String
    }

    /// The screen holds models; the main context merges every save.
    public struct WithMerging: Sendable, Codable, Hashable {
        /// How many of the trip and its stops the main context still registers after the merge.
        public var registeredAfterMerge: Int
        /// What a fetch finds on the main context after the merge.
        public var tripsFetchedAfterMerge: Int
        public var stopsFetchedAfterMerge: Int
        /// Whether the trip model the screen still holds has no context any more (`modelContext` is nil).
        public var heldTripContextIsNil: Bool
        /// Whether that model is a deletion still pending in a context (`isDeleted`).
        public var heldTripIsDeleted: Bool
        /// What reading that trip's name would stop the process with, predicted from its identifier
        /// and the main context's queue label (``DeletedModel/heldTripTrapMessage(for:mergedBy:)``).
        /// The run does not read it: `DeletedModelTests` does, in an exit test.
        public var trapWhenRead: String

        /// What the run saw that makes reading the held trip trap: the merge took it out of its
        /// context, and not as a pending deletion.
        public var heldTripLeftItsContext: Bool { heldTripContextIsNil && !heldTripIsDeleted }
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
    /// The lesson's claims, each decided by what the lanes saw. The traps themselves cannot happen
    /// in a run that must report back: `DeletedModelTests` makes them happen.
    public func checks(_ outcome: Outcome) -> [Check] {
        let none = outcome.withoutMerging, merged = outcome.withMerging, ids = outcome.holdingIdentifiers
        return [
            Check("the deletion cascaded: the trip's stops were deleted in the same save",
                  holds: none.stopRowsLeft == 0 && ids.stopRowsLeft == 0,
                  measured: [.init("stop rows left", "\(none.stopRowsLeft), \(ids.stopRowsLeft)")]),
            Check("without merging, the main context still shows the deleted trip and lists its three stops",
                  holds: none.tripNameShown == Self.tripName && none.stopsListed == Self.stopTitles.count,
                  measured: [.init("trip shown", none.tripNameShown), .init("stops listed", none.stopsListed)]),
            Check("without merging, the listed stops are faults whose rows are gone, so opening one traps (DeletedModelTests proves the trap)",
                  holds: none.stopsThatAreFaults == Self.stopTitles.count && none.stopRowsLeft == 0,
                  measured: [.init("faults", none.stopsThatAreFaults), .init("stop rows left", none.stopRowsLeft)]),
            Check("with automatic merging, the main context drops the trip and its stops",
                  holds: merged.registeredAfterMerge == 0 && merged.tripsFetchedAfterMerge == 0 && merged.stopsFetchedAfterMerge == 0,
                  measured: [.init("registered", merged.registeredAfterMerge), .init("trips fetched", merged.tripsFetchedAfterMerge),
                             .init("stops fetched", merged.stopsFetchedAfterMerge)]),
            Check("with automatic merging, the trip model the screen still holds left its context, so reading it traps (DeletedModelTests proves the trap)",
                  holds: merged.heldTripLeftItsContext,
                  measured: [.init("modelContext is nil", merged.heldTripContextIsNil), .init("isDeleted", merged.heldTripIsDeleted)]),
            Check("SwiftData: with no merging code, the main context drops the trip and its stops, and the trip model the screen held left its context, so reading it traps there too",
                  holds: outcome.swiftData.registeredAfterMerge == 0 && outcome.swiftData.tripsFetchedAfterMerge == 0
                      && outcome.swiftData.stopsFetchedAfterMerge == 0 && outcome.swiftData.heldTripLeftItsContext,
                  measured: [.init("registered", outcome.swiftData.registeredAfterMerge), .init("trips fetched", outcome.swiftData.tripsFetchedAfterMerge),
                             .init("modelContext is nil", outcome.swiftData.heldTripContextIsNil)]),
            Check("holding identifiers and values, the screen reads the trip again, finds it gone, with no concurrency violation",
                  holds: ids.before.title == Self.tripName && ids.before.stopTitles == Self.stopTitles
                      && ids.after.title == nil && ids.after.stopTitles.isEmpty && ids.violations == 0,
                  measured: [.init("before", "\(ids.before.title ?? "gone"): \(ids.before.stopTitles.joined(separator: ", "))"),
                             .init("after", ids.after.title ?? "gone"), .init("violations", ids.violations)]),
        ]
    }
}
