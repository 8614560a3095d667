import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// `ModelContainer.erase()` (SwiftData's, iOS 18) and `deleteAllData()`: every model and join row
/// gone in one transaction, no key given twice, history replaced by the erasure itself.
@Suite("Erasing a container's data")
struct EraseTests {
    /// A trip with two tagged stops, saved by a context authored "app"; returns a stop's identifier.
    func saveTrip(_ container: ModelContainer) throws -> PersistentIdentifier {
        let context = container.newBackgroundContext()
        context.author = "app"
        return try context.performAndWait {
            let trip = Trip(name: "Lisbon"), first = Stop(title: "Belém"), second = Stop(title: "Alfama")
            let tag = SampleModels.Tag(label: "old town")
            context.insert(trip)
            trip.stops = [first, second]
            first.tags = [tag]
            second.tags = [tag]
            try context.save()
            return first.persistentModelID
        }
    }

    func count<T: PersistentModel>(_ type: T.Type, in container: ModelContainer) throws -> Int {
        let context = container.newBackgroundContext()
        return try context.performAndWait { try context.fetchCount(FetchDescriptor<T>()) }
    }

    @Test("erase() deletes every model and join row, and models saved after it get keys never used before")
    func erasesEverything() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("erase.sqlite")
        let container = try ModelContainer(for: Trip.self, configuration: .file(url))
        let kept = try saveTrip(container)
        let joinTable = try #require(try StoreInspection.inspect(url).tables.first { $0.name.hasPrefix("Z_") && $0.name.hasSuffix("TAGS") })
        #expect(joinTable.rowCount == 2)

        try container.erase()

        for type in [Trip.self, Stop.self, SampleModels.Tag.self] as [any PersistentModel.Type] {
            #expect(try count(type, in: container) == 0, "\(type)")
        }
        let tables = try StoreInspection.inspect(url).tables
        #expect(tables.filter { $0.name.hasPrefix("Z") && !["Z_PRIMARYKEY", "Z_METADATA"].contains($0.name) }.allSatisfy { $0.rowCount == 0 },
                "\(tables.map { "\($0.name): \($0.rowCount)" })")
        let fresh = try saveTrip(container)
        #expect(fresh != kept, "a primary key is never handed out twice")
        #expect(try count(Stop.self, in: container) == 2)
    }

    @Test("History is replaced by the erasure: an up-to-date reader reads one transaction deleting every model; an older token is expired")
    func historyAfterErase() throws {
        let directory = TemporaryDirectory()
        let container = try ModelContainer(for: Trip.self, configuration: .file(directory.file("history.sqlite")))
        _ = try saveTrip(container)
        let context = container.newBackgroundContext()
        let before = try context.performAndWait { try context.fetchHistory(HistoryDescriptor()) }
        let newest = try #require(before.last?.token)
        _ = try saveTrip(container)
        let upToDate = try #require(try context.performAndWait { try context.fetchHistory(HistoryDescriptor()) }.last?.token)

        try container.erase()

        let erasure = try context.performAndWait {
            try context.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.token > upToDate }))
        }
        #expect(erasure.count == 1)
        #expect(erasure.first?.changes.count == 8, "2 trips, 4 stops and 2 tags, each deleted")
        #expect(erasure.first?.changes.allSatisfy { if case .delete = $0 { true } else { false } } == true)
        #expect(throws: ModelError.historyTokenExpired) {
            try context.performAndWait { try context.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.token > newest })) }
        }
    }

    @Test("Subscribers of changes hear of it as one deletion per entity; no did-save is posted, as with a batch delete")
    func subscribersHearIt() async throws {
        let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
        _ = try saveTrip(container)
        var changes = container.changes.makeAsyncIterator()
        let didSave = Locked(0)
        // Saves of tests running beside this one post with their context as the object.
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) { note in
            if note.object == nil { didSave.withLock { $0 += 1 } }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try container.erase()
        var deleted = 0
        for _ in 0..<3 { deleted += await changes.next()?.deleted.count ?? 0 }
        #expect(deleted == 4, "the trip, its two stops and their tag")
        #expect(didSave.withLock { $0 } == 0)
    }

    @Test("A container that may not save refuses to erase, and the store keeps every row")
    func readOnlyRefuses() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("readonly.sqlite")
        _ = try saveTrip(try ModelContainer(for: Trip.self, configuration: .file(url)))
        let readOnly = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        #expect(throws: ModelError.savesNotAllowed(url)) { try readOnly.erase() }
        #expect(try count(Stop.self, in: readOnly) == 2)
    }

    @Test("deleteAllData(), which cannot throw, stops the program rather than leave data a caller thinks deleted")
    func deleteAllDataStopsOnFailure() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = TemporaryDirectory()
            let url = directory.file("readonly.sqlite")
            _ = try ModelContainer(for: Trip.self, configuration: .file(url))
            let readOnly = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false))
            readOnly.deleteAllData()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("deleteAllData() could not erase the store"), "\(message)")
    }
}
