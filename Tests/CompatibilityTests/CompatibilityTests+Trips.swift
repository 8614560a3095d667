import Foundation
import PersistenceCore
import Testing

extension CompatibilityTests {
    /// A layer using model inheritance (SwiftData, iOS 26), written as Apple's "Adopting
    /// inheritance in SwiftData" and its WWDC25 session write the trips app: a `Trip` superclass
    /// with a cascading bucket list, `BusinessTrip` and `PersonalTrip` subclasses, a container
    /// listing every class, and a `@ModelActor` that fetches through the superclass and filters
    /// by kind with `is`.
    @Suite("Trips: model inheritance")
    struct TripsTests {
        static func container() throws -> ModelContainer {
            try ModelContainer(for: Trip.self, BusinessTrip.self, PersonalTrip.self, BucketListItem.self,
                               configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        }

        static let june = Date(timeIntervalSinceReferenceDate: 801_000_000)

        @Test("A fetch of Trip returns every kind, each of its own class; `is` picks one kind; a subclass is fetched as itself")
        func kindsOfTrips() async throws {
            let outcome = try await { () async throws -> [String] in
                let store = TripsStore(modelContainer: try Self.container())
                try await store.addPersonalTrip("Grandma", to: "Nantes", from: Self.june, days: 3, reason: .family)
                try await store.addBusinessTrip("Summit", to: "Berlin", from: Self.june.addingTimeInterval(86_400 * 7), days: 2,
                                                company: "Acme", perdiem: 80)
                try await store.addBusinessTrip("Audit", to: "Lyon", from: Self.june.addingTimeInterval(86_400 * 14), days: 5,
                                                company: "Acme", perdiem: 60)
                var outcome: [String] = []
                for segment in [TripsStore.Segment.all, .business, .personal] {
                    let trips = try await store.trips(segment)
                    outcome.append(trips.map { "\($0.kind.rawValue):\($0.name)" }.joined(separator: ", "))
                }
                outcome.append(try await store.trips(.business, searchText: "Sum").map(\.detail).joined())
                outcome.append("\(try await store.perdiemTotal(company: "Acme"))")
                return outcome
            }()
            #expect(outcome == ["personal:Grandma, business:Summit, business:Audit", "business:Summit, business:Audit",
                                "personal:Grandma", "Acme, 80.0/day", "460.0"])
        }

        @Test("The superclass's relationship and cascade work for every kind: a business trip's bucket list is kept, changed, and deleted with it")
        func bucketListOfASubclass() async throws {
            let outcome = try await { () async throws -> [Int] in
                let store = TripsStore(modelContainer: try Self.container())
                let summit = try await store.addBusinessTrip("Summit", to: "Berlin", from: Self.june, days: 2, company: "Acme",
                                                             perdiem: 80, bucketList: ["Museum island", "Currywurst"])
                try await store.addPersonalTrip("Spa", to: "Vichy", from: Self.june, days: 2, reason: .wellness, bucketList: ["Sleep"])
                var outcome = [await store.openItems(of: summit)]
                try await store.complete("Currywurst", of: summit)
                outcome.append(await store.openItems(of: summit))
                try await store.delete(summit)
                outcome.append(try await store.bucketListCount())
                outcome.append(try await store.trips(.all).count)
                return outcome
            }()
            #expect(outcome == [2, 1, 1, 1])
        }
    }
}
