import Foundation
import PersistenceCore
import SampleModels
import Testing

/// A to-many relationship changed through its inverse, in another context: `stop.trip = porto`
/// in a background context changes `lisbon.stops` and `porto.stops` as well, and the main context,
/// which merges automatically, must show it whether it had loaded those arrays or not.
///
/// Core Data sets the inverse in the saving context, so both trips are among the did-save's
/// updated objects, and the merge refreshes their to-many relationships.
@Suite("Relationships: a change through the to-one side reaches another context's to-many")
@MainActor
struct InverseMergingTests {
    enum Change: String, CaseIterable, Sendable {
        /// A new stop, added to Lisbon by setting its `trip` once inserted.
        case insert
        /// A new stop whose `trip` is set before it is inserted.
        case insertRelated
        /// Lisbon's first stop, moved to Porto by setting its `trip`.
        case move
        /// Lisbon's first stop, taken off any trip by setting its `trip` to nil.
        case nullify
    }

    /// What the main context has read of the trips before the other context's save.
    enum Shown: String, CaseIterable, Sendable {
        /// The trips, their stops still faults.
        case tripsOnly
        /// The trips and their stops.
        case tripsAndStops
    }

    @Test("The main context shows the other context's change to the trips' stops",
          arguments: Change.allCases, Shown.allCases)
    func changeReachesMainContext(change: Change, shown: Shown) async throws {
        // Given Lisbon with two stops and Porto with one, shown in the main context, which merges
        // automatically, their stops loaded there or still faults
        let container = try makeTripContainer()
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true
        let lisbonID = try saveTrip(named: "Lisbon", stops: 2, in: container.newBackgroundContext()).trip
        let portoID = try saveTrip(named: "Porto", stops: 1, in: container.newBackgroundContext()).trip
        let lisbon = try main.existingModel(for: lisbonID, as: Trip.self)
        let porto = try main.existingModel(for: portoID, as: Trip.self)
        if shown == .tripsAndStops {
            #expect(lisbon.stops.count == 2 && porto.stops.count == 1)
        }

        // When a background context fetches the trips and changes a stop's trip, then saves
        // main queue                           background context
        //                                      fetch Lisbon, Porto
        //                                      stop.trip = … ; save
        // merge (enqueued by the save)
        // read lisbon.stops, porto.stops
        let background = container.newBackgroundContext()
        try await background.perform {
            let trips = try background.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
            let (backgroundLisbon, backgroundPorto) = (trips[0], trips[1])
            switch change {
            case .insert:
                let stop = Stop(title: "Lisbon stop 2", position: 2)
                background.insert(stop)
                stop.trip = backgroundLisbon
            case .insertRelated:
                let stop = Stop(title: "Lisbon stop 2", position: 2)
                stop.trip = backgroundLisbon
                background.insert(stop)
            case .move:
                let stop = try #require(backgroundLisbon.stops.first { $0.position == 0 })
                stop.trip = backgroundPorto
            case .nullify:
                let stop = try #require(backgroundLisbon.stops.first { $0.position == 0 })
                stop.trip = nil
            }
            try background.save()
        }
        await main.perform(schedule: .enqueued) {}

        // Then the main context's trips list the stops the store has
        let expected: (lisbon: [String], porto: [String]) = switch change {
        case .insert, .insertRelated: (["Lisbon stop 0", "Lisbon stop 1", "Lisbon stop 2"], ["Porto stop 0"])
        case .move: (["Lisbon stop 1"], ["Lisbon stop 0", "Porto stop 0"])
        case .nullify: (["Lisbon stop 1"], ["Porto stop 0"])
        }
        #expect(lisbon.stops.map(\.title).sorted() == expected.lisbon)
        #expect(porto.stops.map(\.title).sorted() == expected.porto)
        #expect(!lisbon.hasChanges && !porto.hasChanges, "a merged change is no change to save")
    }
}
