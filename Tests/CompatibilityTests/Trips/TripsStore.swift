import SwiftData
import Foundation

/// What the trips screen shows of one trip: a value, so it crosses to the main actor.
struct TripSummary: Sendable, Hashable {
    enum Kind: String, Sendable {
        case trip, business, personal
    }

    var id: PersistentIdentifier
    var name: String
    var kind: Kind
    var detail: String
}

/// The trips app's background worker, a `@ModelActor` as the app's data layer writes one: it
/// fetches every kind of trip through the superclass, filters by kind with `is`, and hands out
/// values and identifiers only.
@ModelActor
actor TripsStore {
    /// The trips a segmented control shows: all of them, or one kind.
    enum Segment: Sendable {
        case all, business, personal
    }

    /// Adds a business trip with its bucket list; returns its identifier.
    @discardableResult
    func addBusinessTrip(_ name: String, to destination: String, from start: Date, days: Int, company: String,
                         perdiem: Double, bucketList: [String] = []) throws -> PersistentIdentifier {
        let trip = BusinessTrip(name: name, destination: destination, startDate: start,
                                endDate: start.addingTimeInterval(Double(days) * 86_400), company: company, perdiem: perdiem)
        return try add(trip, bucketList: bucketList)
    }

    /// Adds a personal trip with its bucket list; returns its identifier.
    @discardableResult
    func addPersonalTrip(_ name: String, to destination: String, from start: Date, days: Int, reason: PersonalTrip.Reason,
                         bucketList: [String] = []) throws -> PersistentIdentifier {
        let trip = PersonalTrip(name: name, destination: destination, startDate: start,
                                endDate: start.addingTimeInterval(Double(days) * 86_400), reason: reason)
        return try add(trip, bucketList: bucketList)
    }

    private func add(_ trip: Trip, bucketList: [String]) throws -> PersistentIdentifier {
        modelContext.insert(trip)
        for title in bucketList {
            let item = BucketListItem(title: title)
            modelContext.insert(item)
            item.trip = trip
        }
        try modelContext.save()
        return trip.persistentModelID
    }

    /// The trips of `segment` whose name or destination contains `searchText`, by start date.
    func trips(_ segment: Segment, searchText: String = "") throws -> [TripSummary] {
        let predicate: Predicate<Trip>
        switch segment {
        case .all:
            predicate = #Predicate<Trip> { searchText.isEmpty || $0.name.contains(searchText) || $0.destination.contains(searchText) }
        case .business:
            predicate = #Predicate<Trip> { $0 is BusinessTrip && (searchText.isEmpty || $0.name.contains(searchText)) }
        case .personal:
            predicate = #Predicate<Trip> { $0 is PersonalTrip && (searchText.isEmpty || $0.name.contains(searchText)) }
        }
        let descriptor = FetchDescriptor<Trip>(predicate: predicate, sortBy: [SortDescriptor(\.startDate)])
        return try modelContext.fetch(descriptor).map(Self.summary)
    }

    /// The business trips only, fetched as their own class, with what they cost.
    func perdiemTotal(company: String) throws -> Double {
        let trips = try modelContext.fetch(FetchDescriptor<BusinessTrip>(predicate: #Predicate { $0.company == company }))
        return trips.reduce(0) { $0 + $1.perdiem * Double($1.days) }
    }

    /// How many items of trip `id`'s bucket list are still to do.
    func openItems(of id: PersistentIdentifier) -> Int {
        guard let trip = self[id, as: Trip.self] else { return 0 }
        return trip.bucketList.filter { !$0.isDone }.count
    }

    /// Marks the item `title` of trip `id` done.
    func complete(_ title: String, of id: PersistentIdentifier) throws {
        guard let trip = self[id, as: Trip.self] else { return }
        for item in trip.bucketList where item.title == title { item.isDone = true }
        try modelContext.save()
    }

    /// Deletes trip `id`; its bucket list goes with it (the cascade is the superclass's).
    func delete(_ id: PersistentIdentifier) throws {
        guard let trip = self[id, as: Trip.self] else { return }
        modelContext.delete(trip)
        try modelContext.save()
    }

    /// How many bucket list items exist, of every trip.
    func bucketListCount() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<BucketListItem>())
    }

    private static func summary(_ trip: Trip) -> TripSummary {
        switch trip {
        case let business as BusinessTrip:
            TripSummary(id: trip.persistentModelID, name: trip.name, kind: .business, detail: "\(business.company), \(business.perdiem)/day")
        case let personal as PersonalTrip:
            TripSummary(id: trip.persistentModelID, name: trip.name, kind: .personal, detail: personal.reason.rawValue)
        default:
            TripSummary(id: trip.persistentModelID, name: trip.name, kind: .trip, detail: trip.destination)
        }
    }
}
