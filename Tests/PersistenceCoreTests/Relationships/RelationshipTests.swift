import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// `SampleModels.Tag`: Swift Testing has a `Tag` of its own.
typealias StopTag = SampleModels.Tag

/// A fresh in-memory container with the trip models (Trip, Stop, Tag).
func makeTripContainer(_ configuration: ModelConfiguration = .inMemory) throws -> ModelContainer {
    try ModelContainer(for: Trip.self, configuration: configuration)
}

/// Saves a trip with `stopCount` stops, each tagged with a shared tag; returns the trip's and
/// the stops' identifiers.
func saveTrip(named name: String = "Lisbon", stops stopCount: Int, in context: ModelContext) throws
    -> (trip: PersistentIdentifier, stops: [PersistentIdentifier]) {
    try context.performAndWait {
        let trip = Trip(name: name)
        context.insert(trip)
        let tag = StopTag(label: "\(name) sights")
        for position in 0..<stopCount {
            let stop = Stop(title: "\(name) stop \(position)", position: position)
            trip.stops.append(stop)
            stop.tags.append(tag)
        }
        try context.save()
        return (trip.persistentModelID, trip.stops.map(\.persistentModelID))
    }
}

@Suite("Relationships: inverses, storage and faults")
struct RelationshipTests {
    @Test("Setting one side of a one-to-many relationship sets the other at once, before any save")
    func oneToManyInverse() throws {
        let context = try makeTripContainer().newBackgroundContext()
        context.performAndWait {
            let lisbon = Trip(name: "Lisbon"), porto = Trip(name: "Porto")
            context.insert(lisbon)
            context.insert(porto)
            let tower = Stop(title: "Belém Tower")
            tower.trip = lisbon
            #expect(lisbon.stops.isEmpty, "a model in no context yet keeps its own side only")
            context.insert(tower)
            #expect(lisbon.stops.map(\.title) == ["Belém Tower"], "inserting it completes the inverse")
            let square = Stop(title: "Commerce Square")
            context.insert(square)
            square.trip = lisbon
            #expect(lisbon.stops.map(\.title) == ["Belém Tower", "Commerce Square"], "in a context: the other side follows at once")
            lisbon.stops.removeLast()
            #expect(square.trip == nil)

            let bridge = Stop(title: "Dom Luís I Bridge")
            porto.stops.append(bridge)
            #expect(bridge.trip === porto, "to-many append: the to-one side points back")

            porto.stops.append(tower)
            #expect(tower.trip === porto, "moving the stop to another trip repoints it")
            #expect(lisbon.stops.isEmpty, "and takes it out of its previous trip's stops")
            #expect(porto.stops.map(\.title) == ["Dom Luís I Bridge", "Belém Tower"])

            tower.trip = nil
            #expect(porto.stops.map(\.title) == ["Dom Luís I Bridge"])
        }
    }

    @Test("Many-to-many: each side lists the other, and a new context reads the same from the join table")
    func manyToMany() throws {
        let container = try makeTripContainer()
        let writer = container.newBackgroundContext()
        let tags = try writer.performAndWait {
            let stop = Stop(title: "Jerónimos"), other = Stop(title: "Alfama")
            let history = StopTag(label: "history"), views = StopTag(label: "views")
            writer.insert(stop)
            stop.tags = [history, views]
            other.tags.append(history)  // unregistered: inserted when it is related below
            history.stops.append(other)
            #expect(history.stops.map(\.title).sorted() == ["Alfama", "Jerónimos"])
            #expect(views.stops.map(\.title) == ["Jerónimos"])
            try writer.save()
            return (history.persistentModelID, views.persistentModelID)
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let history = try reader.existingModel(for: tags.0, as: StopTag.self)
            let views = try reader.existingModel(for: tags.1, as: StopTag.self)
            #expect(history.stops.map(\.title).sorted() == ["Alfama", "Jerónimos"])
            #expect(views.stops.map(\.title) == ["Jerónimos"])
            let jeronimos = try #require(history.stops.first { $0.title == "Jerónimos" })
            #expect(jeronimos.tags.map(\.label).sorted() == ["history", "views"])
        }
    }

    @Test("One-to-one: setting a badge's holder takes it from the previous holder")
    func oneToOne() throws {
        let context = try ModelContainer(for: Badge.self, Holder.self, configuration: .inMemory).newBackgroundContext()
        try context.performAndWait {
            let ada = Holder(name: "Ada"), grace = Holder(name: "Grace")
            let badge = Badge(code: "A1")
            context.insert(ada)
            context.insert(grace)
            ada.badge = badge
            #expect(badge.holder === ada)
            badge.holder = grace
            #expect(grace.badge === badge)
            #expect(ada.badge == nil, "the badge left Ada when it went to Grace")
            try context.save()
        }
    }

    @Test("Inserting the root of a graph of new models inserts them all, with their inverses")
    func insertGraph() throws {
        let container = try makeTripContainer()
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let trip = Trip(name: "Kyoto")
            trip.stops = [Stop(title: "Fushimi Inari"), Stop(title: "Kinkaku-ji")]
            context.insert(trip)
            #expect(context.insertedModels.count == 3)
            #expect(trip.stops.allSatisfy { $0.trip === trip })
            try context.save()
            return trip.persistentModelID
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let trip = try reader.existingModel(for: id, as: Trip.self)
            #expect(trip.stops.map(\.title) == ["Fushimi Inari", "Kinkaku-ji"])
            #expect(trip.stops.allSatisfy { $0.trip === trip }, "the faults resolve to the one registered trip")
        }
    }

    @Test("The file has Core Data's layout: a Z<NAME> column with its index, and a join table")
    func storeLayout() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("trips.sqlite")
        do {
            let context = try makeTripContainer(.file(url)).newBackgroundContext()
            _ = try saveTrip(stops: 2, in: context)
        }
        // The container closes its file once its last reference goes, which may be the commit
        // listeners' thread finishing a remote-change post: read the file after that close.
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let tables = try SQLiteFixture.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", in: url).map { $0[0] }
        #expect(tables.filter { $0.hasPrefix("Z") } == ["ZSTOP", "ZTAG", "ZTRIP", "Z_1TAGS", "Z_METADATA", "Z_PRIMARYKEY"], "Stop is entity 1: Z_1TAGS after Stop.tags")
        let stopColumns = try SQLiteFixture.rows("SELECT name FROM pragma_table_info('ZSTOP')", in: url).map { $0[0] }
        #expect(stopColumns == ["Z_PK", "Z_ENT", "Z_OPT", "ZTITLE", "ZPOSITION", "ZTRIP"])
        let joinColumns = try SQLiteFixture.rows("SELECT name FROM pragma_table_info('Z_1TAGS')", in: url).map { $0[0] }
        #expect(joinColumns == ["Z_1STOPS", "Z_2TAGS"], "each column: the entity number of the rows it holds and the relationship pointing at them")
        let indexes = try SQLiteFixture.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'Z%_INDEX' ORDER BY name", in: url).map { $0[0] }
        #expect(indexes == ["ZSTOP_ZTRIP_INDEX", "Z_1TAGS_Z_2TAGS_INDEX"])
        let links = try SQLiteFixture.rows("SELECT ZSTOP.ZTITLE, ZTRIP.ZNAME FROM ZSTOP JOIN ZTRIP ON ZSTOP.ZTRIP = ZTRIP.Z_PK ORDER BY ZSTOP.Z_PK", in: url)
        #expect(links == [["Lisbon stop 0", "Lisbon"], ["Lisbon stop 1", "Lisbon"]])
        #expect(try SQLiteFixture.rows("SELECT COUNT(*) FROM Z_1TAGS", in: url) == [["2"]])
    }

    @Test("A to-many relationship with no inverse is a join table of its own")
    func toManyWithoutInverse() throws {
        let container = try ModelContainer(for: Playlist.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let playlist = Playlist(name: "Road")
            playlist.songs = [Song(title: "A"), Song(title: "B")]
            context.insert(playlist)
            try context.save()
            playlist.songs.removeFirst()
            try context.save()
            return playlist.persistentModelID
        }
        let reader = container.newBackgroundContext()
        let (songs, count) = try reader.performAndWait {
            (try reader.existingModel(for: id, as: Playlist.self).songs.map(\.title), try reader.fetchCount(FetchDescriptor<Song>()))
        }
        #expect(songs == ["B"])
        #expect(count == 2, "removing a song from the list does not delete it")
    }

    @Test("A relationship is a fault until touched; touching it reads the related rows")
    func relationshipFault() throws {
        let container = try makeTripContainer()
        let saved = try saveTrip(stops: 3, in: container.newBackgroundContext())
        let context = container.newBackgroundContext()
        context.performAndWait {
            let trip = context.model(for: saved.trip) as! Trip
            #expect(trip.isFault)
            #expect(trip.stops.count == 3, "the fault fired: the trip's row, then its stops")
            #expect(!trip.isFault)
            #expect(trip.stops.allSatisfy { $0.isFault }, "the stops themselves are faults until touched")
            #expect(trip.stops.map(\.title) == ["Lisbon stop 0", "Lisbon stop 1", "Lisbon stop 2"])
            #expect(trip.stops[0].tags.first?.stops.count == 3)
        }
    }

    @Test("A container made for Trip stores the models it relates to, as SwiftData's does")
    func relatedModelsJoinTheSchema() throws {
        let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
        #expect(container.schema.entities.map(\.name) == ["Stop", "Tag", "Trip"])
        let stop = try #require(container.schema.entity(named: "Stop"))
        // Those marked @Relationship come first (`tags`), then those only their type made one (`trip`).
        #expect(stop.relationships.map(\.summary) == ["tags: [Tag], nullify, inverse stops", "trip: Trip?, nullify, inverse stops"])
        let tag = try #require(container.schema.entity(named: "Tag"))
        #expect(tag.relationships.map(\.summary) == ["stops: [Stop], nullify, inverse tags"], "inverse mirrored from Stop.tags")
        let folder = try #require(try ModelContainer(for: Folder.self, configuration: .inMemory).schema.entity(named: "Folder"))
        #expect(folder.relationships.first?.inverseName == "folder", "one relationship each way: inferred")
    }

    @Test("An ambiguous inverse is a typed error naming the candidates, and nothing is opened")
    func ambiguousInverse() throws {
        #expect {
            _ = try ModelContainer(for: Route.self, configuration: .inMemory)
        } throws: { error in
            guard case ModelError.invalidRelationship(let entity, _, let reason) = error else { return false }
            return ["City", "Route"].contains(entity) && reason.contains("ambiguous") && reason.contains("inverse:")
        }
    }

    @Test("Two relationships naming the same inverse are a typed error that says which one already has it")
    func sharedInverse() throws {
        #expect {
            _ = try ModelContainer(for: Album.self, configuration: .inMemory)
        } throws: { error in
            guard case ModelError.invalidRelationship(let entity, let relationship, let reason) = error else { return false }
            return entity == "Album" && relationship == "bonusTracks" && reason.contains("Track.album is already the inverse of Album.tracks")
        }
    }

    @Test("A relationship read off its context's queue is a violation, named like an attribute's")
    func relationshipQueueRule() async throws {
        let container = try makeTripContainer()
        let saved = try saveTrip(stops: 1, in: container.newBackgroundContext())
        let context = container.newBackgroundContext()
        let trip = try context.performAndWait { try context.existingModel(for: saved.trip, as: Trip.self) }
        let (_, recorded) = await ConcurrencyDebug.withMode(.record) {
            _ = trip.stops.count  // off the context's queue
        }
        #expect(recorded.map(\.operation) == ["Trip.stops get"])
    }

    @Test("Relationship changes take part in optimistic locking: two contexts adding to one trip conflict")
    func relationshipConflict() throws {
        let container = try makeTripContainer()
        let saved = try saveTrip(stops: 1, in: container.newBackgroundContext())
        let first = container.newBackgroundContext(), second = container.newBackgroundContext()
        let tripInSecond = try second.performAndWait {
            let trip = try second.existingModel(for: saved.trip, as: Trip.self)
            _ = trip.stops.count
            return trip
        }
        try first.performAndWait {
            let trip = try first.existingModel(for: saved.trip, as: Trip.self)
            trip.stops.append(Stop(title: "from first"))
            try first.save()
        }
        try second.runAndWait {
            tripInSecond.stops.append(Stop(title: "from second"))
            #expect {
                try second.save()
            } throws: { error in
                guard case ModelError.mergeConflict(let conflicts) = error else { return false }
                return conflicts.map(\.identifier) == [saved.trip]
            }
            second.mergePolicy = .mergeByPropertyObjectTrump
            try second.save()
            #expect(tripInSecond.stops.map(\.title) == ["Lisbon stop 0", "from first", "from second"],
                    "after the resolved conflict the list is read again: both new stops")
        }
    }

    @Test("A prefetch whose read fails makes the fetch throw, rather than leave faults that stop the process when touched")
    func prefetchReadFailure() throws {
        // Given a trip with stops in a file, whose stops' table is then dropped behind the container's back
        let directory = TemporaryDirectory()
        let url = directory.file("trips.sqlite")
        let container = try makeTripContainer(.file(url))
        _ = try saveTrip(named: "Lisbon", stops: 2, in: container.newBackgroundContext())
        try SQLiteFixture.execute("DROP TABLE ZSTOP", in: url)
        let context = container.newBackgroundContext()
        var prefetching = FetchDescriptor<Trip>()
        prefetching.relationshipKeyPathsForPrefetching = [\Trip.stops]

        // When the trips are fetched with their stops, then without
        let prefetchFailed = context.runAndWait { () -> Bool in
            do { _ = try context.fetch(prefetching); return false } catch { return error is ModelError }
        }
        let trips = try context.performAndWait { try context.fetchCount(FetchDescriptor<Trip>()) }

        // Then the prefetching fetch threw a typed error, and the trips alone still read
        #expect(prefetchFailed)
        #expect(trips == 1)
    }

    @Test("Prefetching loads every trip's stops, every stop's trip and tags with the fetch; without it they load on first touch")
    func prefetching() throws {
        let container = try makeTripContainer()
        let lisbon = try saveTrip(named: "Lisbon", stops: 3, in: container.newBackgroundContext())
        _ = try saveTrip(named: "Porto", stops: 2, in: container.newBackgroundContext())
        let empty = container.newBackgroundContext()
        try empty.performAndWait {
            empty.insert(Trip(name: "Nowhere"))
            try empty.save()
        }
        for prefetch in [true, false] {
            let context = container.newBackgroundContext()
            var tripsFirst = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
            var stopsFirst = FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.title)])
            if prefetch {
                tripsFirst.relationshipKeyPathsForPrefetching = [\Trip.stops]
                stopsFirst.relationshipKeyPathsForPrefetching = [\Stop.trip, \Stop.tags]
            }
            let (trips, stops) = try context.runAndWait { (try context.fetch(tripsFirst), try context.fetch(stopsFirst)) }
            // Another context deletes Lisbon's stops; this one does not merge. What was loaded
            // stays as it was read; what was still a fault reads the store as it is now.
            let deleter = container.newBackgroundContext()
            try deleter.performAndWait {
                for stop in try deleter.existingModel(for: lisbon.trip, as: Trip.self).stops { deleter.delete(stop) }
                try deleter.save()
            }
            context.runAndWait {
                let counts = trips.map { "\($0.name): \($0.stops.count)" }
                if prefetch {
                    #expect(counts == ["Lisbon: 3", "Nowhere: 0", "Porto: 2"], "loaded with the fetch")
                    #expect(stops.map { $0.trip?.name ?? "-" } == ["Lisbon", "Lisbon", "Lisbon", "Porto", "Porto"])
                    #expect(stops.map { $0.tags.map(\.label) } == [["Lisbon sights"], ["Lisbon sights"], ["Lisbon sights"], ["Porto sights"], ["Porto sights"]])
                } else {
                    #expect(counts == ["Lisbon: 0", "Nowhere: 0", "Porto: 2"], "faults fired after the deletion")
                }
            }
            try deleter.performAndWait {  // put Lisbon's stops back for the next round
                let trip = try deleter.existingModel(for: lisbon.trip, as: Trip.self)
                let tag = try #require(try deleter.fetch(FetchDescriptor<StopTag>()).first { $0.label == "Lisbon sights" })
                for position in 0..<3 {
                    let stop = Stop(title: "Lisbon stop \(position)", position: position)
                    trip.stops.append(stop)
                    stop.tags.append(tag)
                }
                try deleter.save()
            }
        }
    }

    @Test("A to-many getter hands out a value: changing the array it returned changes neither the relationship nor the next read")
    func toManyGetterIsAValue() throws {
        let container = try makeTripContainer()
        let lisbon = try saveTrip(named: "Lisbon", stops: 3, in: container.newBackgroundContext())
        for prefetch in [true, false] {
            let context = container.newBackgroundContext()
            var descriptor = FetchDescriptor<Trip>()
            if prefetch { descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops] }
            try context.runAndWait {
                let trip = try #require(try context.fetch(descriptor).first)
                // Read twice: the same models in the same order, however the relationship holds them.
                var stops = trip.stops
                #expect(stops.map(\.persistentModelID) == lisbon.stops)
                #expect(trip.stops.map(\.persistentModelID) == lisbon.stops)
                // Changing the copy writes nothing back.
                stops.removeFirst()
                stops.append(Stop(title: "not in the trip"))
                #expect(trip.stops.map(\.persistentModelID) == lisbon.stops)
                #expect(!context.hasChanges)
                // Setting the copy is a change, and the next read is the new value.
                trip.stops = stops
                #expect(trip.stops.map(\.title) == ["Lisbon stop 1", "Lisbon stop 2", "not in the trip"])
                #expect(context.hasChanges)
            }
        }
    }

    @Test("Prefetching for owners whose keys leave a gap reads only their rows: the skipped owner's stops stay unregistered")
    func prefetchingOwnersWithAGap() throws {
        // Four trips with keys 1 to 4 and two stops each; the fetch skips the third, so the
        // owners' keys are 1, 2 and 4, and trip 3's stops lie between theirs in the store.
        let container = try makeTripContainer()
        let saved = try (0..<4).map { try saveTrip(named: "trip \($0)", stops: 2, in: container.newBackgroundContext()) }
        for skipping in [true, false] {
            let context = container.newBackgroundContext()
            var descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
            if skipping { descriptor.predicate = #Predicate { $0.name != "trip 2" } }
            descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops]
            try context.runAndWait {
                let trips = try context.fetch(descriptor)
                let names = skipping ? ["trip 0", "trip 1", "trip 3"] : ["trip 0", "trip 1", "trip 2", "trip 3"]
                #expect(trips.map(\.name) == names)
                // Each owner's stops came with the fetch; a skipped owner's were not read at all.
                for (number, trip) in saved.enumerated() {
                    let read = !(skipping && number == 2)
                    #expect(trip.stops.map { (context.registeredModel(for: $0) as Stop?) != nil } == [read, read], "trip \(number)")
                }
                #expect(trips.map { $0.stops.map(\.title) } == names.map { name in (0..<2).map { "\(name) stop \($0)" } })
            }
        }
    }

    @Test("Prefetching for most of the table's owners reads the table in its own order: rows of owners apart, orphans and others' rows skipped")
    func prefetchingByScan() throws {
        // Four trips whose stops were saved in turns (trip 0's first stop, trip 1's, …, then each
        // one's second), with two stops of no trip among them: in the table, no owner's rows lie
        // together. The fetch skips trip 3, so its owners are trips 0 to 2, three consecutive keys
        // out of the four the stops point at: most of the table, which is read front to back.
        let container = try makeTripContainer()
        let seed = container.newBackgroundContext()
        let saved = try seed.performAndWait {
            let trips = (0..<4).map { Trip(name: "trip \($0)") }
            for trip in trips { seed.insert(trip) }
            var orphans: [Stop] = []
            for round in 0..<3 {
                for (number, trip) in trips.enumerated() { trip.stops.append(Stop(title: "trip \(number) stop \(round)", position: round)) }
                if round < 2 {
                    orphans.append(Stop(title: "orphan \(round)"))
                    seed.insert(orphans[round])
                }
            }
            try seed.save()
            return (trips: trips.map { $0.stops.map(\.persistentModelID) }, orphans: orphans.map(\.persistentModelID))
        }
        let firstTripsKeys = try saved.trips[0].map { try #require($0.primaryKey) }
        #expect(firstTripsKeys != Array(firstTripsKeys[0]...(firstTripsKeys[0] + 2)), "trip 0's stops do not lie together in the table")
        func stops(prefetching: Bool) throws -> [[String]] {
            let context = container.newBackgroundContext()
            var descriptor = FetchDescriptor<Trip>(predicate: #Predicate { $0.name != "trip 3" }, sortBy: [SortDescriptor(\.name)])
            if prefetching { descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops] }
            return try context.runAndWait {
                let trips = try context.fetch(descriptor)
                if prefetching {
                    // Read with the fetch: the owners' stops are registered, trip 3's and the orphans are not.
                    let registered = (saved.trips.flatMap { $0 } + saved.orphans).map { (context.registeredModel(for: $0) as Stop?) != nil }
                    #expect(registered == Array(repeating: true, count: 9) + Array(repeating: false, count: 5))
                }
                return trips.map { $0.stops.map(\.title) }
            }
        }
        let prefetched = try stops(prefetching: true)
        #expect(prefetched == (0..<3).map { number in (0..<3).map { "trip \(number) stop \($0)" } })
        #expect(prefetched == (try stops(prefetching: false)), "the same stops, in the same order, as faulting reads them")
    }

    @Test("Prefetching over several key chunks, with owners of no rows and groups of every size, loads what faulting reads")
    func prefetchingManyOwners() throws {
        // 1,100 trips: three chunks of keys. Trip n has n % 7 stops (none for every seventh), and
        // the first eight trips have 30 each: groups of every size, while the uniquing table's
        // array of stops grows as their rows come.
        let container = try makeTripContainer()
        let seed = container.newBackgroundContext()
        try seed.performAndWait {
            for number in 0..<1_100 {
                let trip = Trip(name: "trip \(number)")
                seed.insert(trip)
                trip.stops = (0..<(number < 8 ? 30 : number % 7)).map { Stop(title: "stop \(number).\($0)", position: $0) }
            }
            try seed.save()
        }
        func titles(prefetching: Bool) throws -> [String: [String]] {
            let context = container.newBackgroundContext()
            var descriptor = FetchDescriptor<Trip>()
            if prefetching { descriptor.relationshipKeyPathsForPrefetching = [\Trip.stops] }
            return try context.runAndWait {
                Dictionary(uniqueKeysWithValues: try context.fetch(descriptor).map { ($0.name, $0.stops.map(\.title)) })
            }
        }
        let prefetched = try titles(prefetching: true)
        #expect(prefetched.count == 1_100)
        #expect(prefetched["trip 7"] == (0..<30).map { "stop 7.\($0)" })
        #expect(prefetched["trip 14"] == [])
        #expect(prefetched["trip 1099"] == (0..<(1_099 % 7)).map { "stop 1099.\($0)" })
        #expect(prefetched == (try titles(prefetching: false)), "the same stops, in the same order, as faulting reads them")
    }

    @Test("Prefetching a key path that is no relationship is a typed error before anything is read")
    func prefetchingAnAttribute() throws {
        let context = try makeTripContainer().newBackgroundContext()
        var descriptor = FetchDescriptor<Trip>()
        descriptor.relationshipKeyPathsForPrefetching = [\Trip.name]
        #expect(throws: ModelError.invalidFetchDescriptor(entity: "Trip", reason: "relationshipKeyPathsForPrefetching names 'name', which is not a relationship of Trip")) {
            try context.runAndWait { _ = try context.fetch(descriptor) }
        }
    }
}

@Suite("Relationships: models of two contexts")
struct RelationshipContextTests {
    @Test("Relating models of two contexts stops the process with Core Data's words")
    func twoContexts() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try makeTripContainer()
            let saved = try saveTrip(stops: 1, in: container.newBackgroundContext())
            let first = container.newBackgroundContext(), second = container.newBackgroundContext()
            let stop = first.performAndWait { Smuggled(try! first.existingModel(for: saved.stops[0], as: Stop.self)) }
            second.performAndWait {
                let trip = try! second.existingModel(for: saved.trip, as: Trip.self)
                trip.stops.append(stop.value)
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Illegal attempt to establish a relationship 'stops' between objects in different contexts"))
    }
}

@Suite("Relationships: merge policies")
struct RelationshipMergePolicyTests {
    /// Saves trips T1, T2, T3 and a stop in T1; context A moves it to T2 and saves; context B, which
    /// read it in T1, moves it to T3 and saves under `policy`. Returns the stop's trip in the store
    /// and in B, and B's lists of T2 and T3.
    static func conflict(under policy: MergePolicy) throws -> (store: String?, inB: String?, t2: [String], t3: [String]) {
        let container = try makeTripContainer()
        let seed = container.newBackgroundContext()
        let stopID = try seed.runAndWait {
            let trips = ["T1", "T2", "T3"].map { Trip(name: $0) }
            trips.forEach(seed.insert)
            let stop = Stop(title: "S")
            trips[0].stops.append(stop)
            try seed.save()
            return stop.persistentModelID
        }
        func trip(_ name: String, in context: ModelContext) throws -> Trip {
            try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == name }))[0]
        }
        let a = container.newBackgroundContext(), b = container.newBackgroundContext()
        let stopInB = try b.performAndWait { try b.existingModel(for: stopID, as: Stop.self) }
        _ = b.runAndWait { stopInB.trip?.name }
        try a.runAndWait {
            try a.existingModel(for: stopID, as: Stop.self).trip = try trip("T2", in: a)
            try a.save()
        }
        return try b.runAndWait {
            b.mergePolicy = policy
            stopInB.trip = try trip("T3", in: b)
            try b.save()
            let reader = container.newBackgroundContext()
            let inStore = try reader.performAndWait { try reader.existingModel(for: stopID, as: Stop.self).trip?.name }
            return (inStore, stopInB.trip?.name, try trip("T2", in: b).stops.map(\.title), try trip("T3", in: b).stops.map(\.title))
        }
    }

    @Test("Each merge policy resolves a conflict over a relationship as over an attribute, and memory follows the store",
          arguments: [
            ("rollback", MergePolicy.rollback, "T2"),
            ("overwrite", MergePolicy.overwrite, "T3"),
            ("mergeByPropertyStoreTrump", MergePolicy.mergeByPropertyStoreTrump, "T2"),
            ("mergeByPropertyObjectTrump", MergePolicy.mergeByPropertyObjectTrump, "T3"),
            ("custom, naming no relationship", MergePolicy.custom { _ in [:] }, "T2"),
          ])
    func policies(_ name: String, _ policy: MergePolicy, _ winner: String) throws {
        let result = try Self.conflict(under: policy)
        #expect(result.store == winner, "\(name)")
        #expect(result.inB == winner, "\(name): B's stop after the save")
        #expect((result.t2 == ["S"]) == (winner == "T2") && (result.t3 == ["S"]) == (winner == "T3"), "\(name): B's lists \(result.t2) \(result.t3)")
    }

    @Test("Under .error the conflict over a relationship throws and writes nothing")
    func error() throws {
        #expect(throws: ModelError.self) { _ = try Self.conflict(under: .error) }
    }
}
