import Foundation

extension DeletedModel {
    /// Each lane in words. A trap's message is printed only when what the lane observed leads to
    /// it; the message itself is the one `DeletedModelTests` sees the process stop with.
    public func report(_ outcome: Outcome) -> LessonReport {
        let none = outcome.withoutMerging, merged = outcome.withMerging, ids = outcome.holdingIdentifiers
        let stopsObserved = "\(none.stopsThatAreFaults) of them are faults, and \(none.stopRowsLeft) of their rows are left in the store"
        let openingAStop = none.stopsThatAreFaults > 0 && none.stopRowsLeft == 0
            ? "\(stopsObserved): opening one stops the process with \"\(none.trapWhenOpened)\"."
            : "\(stopsObserved)."
        let heldTrip = merged.heldTripLeftItsContext
            ? "left its context: its modelContext is nil"
            : "has its modelContext \(merged.heldTripContextIsNil ? "nil" : "set") and isDeleted \(merged.heldTripIsDeleted)"
        var wrongWay = [
            "Core Data's view context, no merging: after the background context deleted \(Self.tripName) and saved, the main context still shows \"\(none.tripNameShown)\" with \(none.stopsListed) stops.",
            openingAStop,
            "Core Data's view context, merging: it registers \(merged.registeredAfterMerge) of them and fetches \(merged.tripsFetchedAfterMerge) trips and \(merged.stopsFetchedAfterMerge) stops; the trip model the screen held \(heldTrip).",
        ]
        if merged.heldTripLeftItsContext {
            wrongWay.append("Reading its name stops the process with \"\(merged.trapWhenRead)\".")
        }
        let swiftData = outcome.swiftData
        wrongWay.append("SwiftData's main context, with no merging code, after a model actor deleted the trip and saved: it registers "
            + "\(swiftData.registeredAfterMerge) of them and fetches \(swiftData.tripsFetchedAfterMerge) trips; the trip model the screen held "
            + (swiftData.heldTripLeftItsContext ? "left its context, so reading it stops the process there too." : "is still in its context."))
        let rightWay = [
            "The screen holds the trip's identifier and shows \"\(ids.before.title ?? "gone")\": \(ids.before.stopTitles.joined(separator: ", ")).",
            "After the merge it reads the trip again by identifier: \(ids.after.title.map { "\"\($0)\"" } ?? "existingModel throws, the trip is gone"), and it shows that; \(ids.violations) concurrency violations.",
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay)
    }
}
