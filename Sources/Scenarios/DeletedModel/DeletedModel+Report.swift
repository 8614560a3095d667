import Foundation

extension DeletedModel {
    /// Each lane in words.
    public func report(_ outcome: Outcome) -> ScenarioReport {
        let none = outcome.withoutMerging, merged = outcome.withMerging, ids = outcome.holdingIdentifiers
        let wrongWay = [
            "No merging: after the background context deleted \(Self.tripName) and saved, the main context still shows \"\(none.tripNameShown)\" with \(none.stopsListed) stops.",
            "\(none.stopsThatAreFaults) of them are faults, and \(none.stopRowsLeft) of their rows are left in the store: opening one stops the process with \"\(none.trapWhenOpened)\".",
            "Merging: the main context registers \(merged.registeredAfterMerge) of them and fetches \(merged.tripsFetchedAfterMerge) trips and \(merged.stopsFetchedAfterMerge) stops; the trip model the screen held \(merged.heldTripLeftItsContext ? "was invalidated" : "is still valid").",
            "Reading its name stops the process with \"\(merged.trapWhenRead)\".",
        ]
        let rightWay = [
            "The screen holds the trip's identifier and shows \"\(ids.before.title ?? "gone")\": \(ids.before.stopTitles.joined(separator: ", ")).",
            "After the merge it reads the trip again by identifier: \(ids.after.title.map { "\"\($0)\"" } ?? "existingModel throws, the trip is gone"), and it shows that; \(ids.violations) concurrency violations.",
        ]
        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay)
    }
}
