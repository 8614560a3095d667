import Foundation
@testable import PersistenceCore
import SampleModels
import Testing

/// `#Predicate` across relationships: through a to-one relationship in SQL, on to-many ones in
/// memory, with the same answers either way.
@Suite("Relationships: predicates")
struct RelationshipPredicateTests {
    @Test("$0.trip?.name translates to a subquery on the trip's table, completely")
    func toOneTranslates() {
        let translation = PredicateTranslator.translate(#Predicate<Stop> { $0.trip?.name == "Lisbon" })
        #expect(translation.isComplete)
        let sql = translation.sql?.sql ?? ""
        #expect(sql.contains("(SELECT R1.ZNAME FROM ZTRIP R1 WHERE R1.Z_PK = ZSTOP.ZTRIP)"), "\(sql)")
    }

    @Test("Fetches through a to-one relationship match what memory says, stops without a trip included")
    func toOneFetch() throws {
        let container = try makeTripContainer()
        let context = container.newBackgroundContext()
        _ = try saveTrip(named: "Lisbon", stops: 2, in: context)
        _ = try saveTrip(named: "Porto", stops: 1, in: context)
        try context.performAndWait {
            context.insert(Stop(title: "on its own"))
            try context.save()
            let inLisbon = try context.fetch(FetchDescriptor(predicate: #Predicate<Stop> { $0.trip?.name == "Lisbon" }, sortBy: [SortDescriptor(\.title)]))
            #expect(inLisbon.map(\.title) == ["Lisbon stop 0", "Lisbon stop 1"])
            let notInLisbon = try context.fetchCount(FetchDescriptor(predicate: #Predicate<Stop> { $0.trip?.name != "Lisbon" }))
            #expect(notInLisbon == 2, "Porto's stop, and the stop with no trip (nil != \"Lisbon\")")
            let lengths = try context.fetch(FetchDescriptor(predicate: #Predicate<Stop> { ($0.trip?.name.count ?? 0) > 4 }))
            #expect(lengths.count == 3, "a predicate SQL cannot say runs in memory, on the registered stops")
        }
    }

    @Test("A to-one predicate sees the context's unsaved changes to the related model")
    func toOnePendingChanges() throws {
        let container = try makeTripContainer()
        let context = container.newBackgroundContext()
        let saved = try saveTrip(named: "Lisbon", stops: 2, in: context)
        try context.performAndWait {
            let trip = try context.existingModel(for: saved.trip, as: Trip.self)
            let stop = trip.stops[0]
            stop.trip = nil  // unsaved: a changed stop is judged in memory
            let stillInLisbon = try context.fetch(FetchDescriptor(predicate: #Predicate<Stop> { $0.trip?.name == "Lisbon" }))
            #expect(stillInLisbon.map(\.title) == ["Lisbon stop 1"])
        }
    }

    @Test("To-many predicates (count, contains(where:)) run in memory with the right answer")
    func toMany() throws {
        let container = try makeTripContainer()
        let context = container.newBackgroundContext()
        _ = try saveTrip(named: "Lisbon", stops: 3, in: context)
        _ = try saveTrip(named: "Porto", stops: 1, in: context)
        try context.performAndWait {
            let busy = try context.fetch(FetchDescriptor(predicate: #Predicate<Trip> { $0.stops.count > 1 }))
            #expect(busy.map(\.name) == ["Lisbon"])
            let withStop = try context.fetch(FetchDescriptor(predicate: #Predicate<Trip> { trip in
                trip.stops.contains { $0.title == "Porto stop 0" }
            }))
            #expect(withStop.map(\.name) == ["Porto"])
            let unsavedOnly = try context.fetch(FetchDescriptor(predicate: #Predicate<Trip> { $0.stops.count > 1 }, includePendingChanges: false))
            #expect(unsavedOnly.map(\.name) == ["Lisbon"])
        }
    }
}
