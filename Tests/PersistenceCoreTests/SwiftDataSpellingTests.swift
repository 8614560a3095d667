import Dispatch
import Foundation
import Observation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// SwiftData's spellings of configurations, containers and model executors: the same stores and
/// queues as ours, and a typed error for what this library cannot do.
@Suite("SwiftData's container and configuration spellings")
struct SwiftDataSpellingTests {
    @Test("PersistentIdentifier is Identifiable, with SwiftData's nested ID: equal exactly when the identifiers are")
    func identifierIsIdentifiable() throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        let (temporary, permanent, other) = try context.performAndWait {
            let item = Item(timestamp: .now), second = Item(timestamp: .now)
            context.insert(item)
            context.insert(second)
            let temporary = item.persistentModelID
            try context.save()
            return (temporary, item.persistentModelID, second.persistentModelID)
        }
        let byID: [PersistentIdentifier.ID: PersistentIdentifier] = [permanent.id: permanent, other.id: other]
        #expect(byID[permanent.id] == permanent)
        #expect(permanent.id != other.id)
        #expect(temporary.id != permanent.id, "it changes with the identifier at the first save")
        let decoded = try JSONDecoder().decode(PersistentIdentifier.ID.self, from: JSONEncoder().encode(permanent.id))
        #expect(decoded == permanent.id)
    }

    @Test("A model is Observable and its type is a SendableMetatype, as SwiftData's PersistentModel declares: the type crosses into a @concurrent function")
    func modelTypesCrossIsolation() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try await context.perform {
            context.insert(Item(timestamp: Date(timeIntervalSince1970: 0)))
            try context.save()
        }
        // A generic over `T: PersistentModel` sends `T.self` to a `@concurrent` function: SwiftData
        // code does this, and without SendableMetatype Swift 6.2 warns that the metatype is not Sendable.
        #expect(try await Self.count(of: Item.self, in: container) == 1)
        #expect((Item.self as Any.Type) is any Observable.Type)
    }

    @concurrent
    private static func count<T: PersistentModel>(of type: T.Type, in container: ModelContainer) async throws -> Int {
        let context = ModelContext(container, concurrencyType: .privateQueue)
        return try await context.perform { try context.fetchCount(FetchDescriptor<T>()) }
    }

    @Test("A public actor conforms to ModelActor without declaring modelContext: SwiftData's is an extension member")
    func modelContextIsAnExtensionMember() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        #expect(try await PublicDataHandler(modelContainer: container).count() == 1)
    }

    @Test("SwiftData's configurations describe the stores ours do")
    func configurations() {
        #expect(ModelConfiguration(isStoredInMemoryOnly: true).location == .inMemory)
        #expect(ModelConfiguration(isStoredInMemoryOnly: true).isStoredInMemoryOnly)
        let url = URL(fileURLWithPath: "/tmp/notes.store")
        #expect(ModelConfiguration(url: url).location == .file(url))
        #expect(ModelConfiguration(url: url, allowsSave: false).allowsSave == false)
        #expect(ModelConfiguration().url.lastPathComponent == "default.store")
        #expect(ModelConfiguration().name == "default")
        #expect(ModelConfiguration("Notes").url.lastPathComponent == "Notes.store")
        let forItems = ModelConfiguration(for: Item.self, isStoredInMemoryOnly: true)
        #expect(forItems.schema?.entity(named: "Item") != nil && forItems.isStoredInMemoryOnly)
    }

    @Test("ModelContainer(for:configurations:) and ModelContainer(for: Schema) store and read models")
    func containers() throws {
        let byTypes = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let bySchema = try ModelContainer(for: Schema([Item.self, Person.self]),
                                          configurations: ModelConfiguration(schema: Schema([Item.self]), isStoredInMemoryOnly: true))
        for container in [byTypes, bySchema] {
            let writer = container.newBackgroundContext()
            try writer.performAndWait {
                writer.insert(Item(timestamp: Date(timeIntervalSince1970: 1), title: "one"))
                try writer.save()
            }
            let reader = container.newBackgroundContext()
            #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Item>()) } == 1)
            #expect(container.configurations == [container.configuration])
        }
        #expect(bySchema.schema.entity(named: "Person") != nil)
    }

    @Test("allowsSave: false refuses saves, batch requests and permanent identifiers, and leaves the store as it was")
    func readOnlyContainer() throws {
        let folder = TemporaryDirectory()
        let url = folder.file("notes.store")
        let writer = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
        let writing = writer.newBackgroundContext()
        try writing.performAndWait {
            writing.insert(Item(timestamp: Date(timeIntervalSince1970: 1), title: "kept"))
            try writing.save()
        }

        let reader = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        let context = reader.newBackgroundContext()
        try context.performAndWait { () throws -> Void in
            let titles = try context.fetch(FetchDescriptor<Item>()).map(\.title)
            #expect(titles == ["kept"])
            let draft = Item(timestamp: Date(timeIntervalSince1970: 2), title: "draft")
            context.insert(draft)
            #expect(throws: ModelError.savesNotAllowed(url)) { try context.save() }
            #expect(throws: ModelError.savesNotAllowed(url)) { try context.obtainPermanentIdentifiers(for: [draft]) }
            #expect(context.hasChanges)  // the insert is still pending, as after any failed save
        }
        #expect(throws: ModelError.savesNotAllowed(url)) { try reader.execute(BatchDeleteRequest<Item>()) }

        let check = writer.newBackgroundContext()
        #expect(try check.performAndWait { try check.fetch(FetchDescriptor<Item>()).map(\.title) } == ["kept"])
    }

    @Test("What a container here cannot open is a typed error, and nothing is opened")
    func refusedConfigurations() {
        let memory = ModelConfiguration(isStoredInMemoryOnly: true)
        func refusal(_ make: () throws -> ModelContainer) -> String? {
            do {
                _ = try make()
                return nil
            } catch let error as ModelError {
                guard case .invalidConfiguration(let reason) = error else { return "\(error)" }
                return reason
            } catch {
                return "\(error)"
            }
        }
        let twoStores = refusal { try ModelContainer(for: Item.self, configurations: memory, memory) }
        #expect(twoStores?.contains("2 configurations") == true)
        let appGroup = refusal {
            try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, groupContainer: .identifier("group.lab")))
        }
        #expect(appGroup?.contains("app groups") == true)
        let cloudKit = refusal {
            try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .private("iCloud.lab")))
        }
        #expect(cloudKit?.contains("CloudKit") == true)
        let entitiesOnly = refusal { try ModelContainer(for: Schema([Item.entitySchema]), configurations: memory) }
        #expect(entitiesOnly?.contains("model classes") == true)
        let foreignSchema = refusal {
            try ModelContainer(for: Item.self, configurations: ModelConfiguration(schema: Schema([Person.self]), isStoredInMemoryOnly: true))
        }
        #expect(foreignSchema?.contains("Person") == true)
    }

    @Test("SwiftData's @Attribute options compile; the value is stored in its column, and .unique still holds")
    func attributeOptions() throws {
        let container = try ModelContainer(for: Product.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = container.newBackgroundContext()
        let photo = Data(repeating: 7, count: 100_000)
        try context.performAndWait {
            context.insert(Product(sku: "A-1", photo: photo))
            try context.save()
            context.insert(Product(sku: "A-1", photo: nil))
            // A Core Data context under .error: the constraint conflict (SwiftData's contexts upsert).
            let error = #expect(throws: ModelError.self) { try context.save() }
            #expect(error?.isConstraintConflict(entity: "Product", constraint: ["sku"]) == true, "\(String(describing: error))")
            context.rollback()
        }
        let reader = container.newBackgroundContext()
        let stored = try reader.performAndWait { try reader.fetch(FetchDescriptor<Product>()).map { [$0.sku: $0.photo] } }
        #expect(stored == [["A-1": photo]])
        #expect(container.schema.entity(named: "Product")?.attributes.map(\.columnName) == ["ZSKU", "ZPHOTO"])
    }

    @Test("Article 000's expansion of @ModelActor compiles unchanged and runs on its context's queue")
    func articleExpansion() async throws {
        let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let handler = await Task.detached { ExpandedDataHandler(modelContainer: container) }.value
        let (queue, contextQueue, saved) = try await handler.newItem()
        #expect(queue == contextQueue)
        #expect(contextQueue.hasPrefix("ModelContext 0x"))
        #expect(saved == 1)
        #expect((handler.modelExecutor as? DefaultSerialModelExecutor)?.modelContext.queueLabel == contextQueue)
    }

    @Test("Models are Identifiable and Hashable, as SwiftData's: id is the persistentModelID unless the class declares one, and a model keeps its hash through its first save")
    func identifiableAndHashable() throws {
        let container = try ModelContainer(for: Trip.self, Item.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let trip = Trip(name: "Lisbon")
            context.insert(trip)
            let before = trip.persistentModelID
            let trips: Set<Trip> = [trip, trip]
            #expect(trips.count == 1)
            try context.save()
            #expect(trip.id == trip.persistentModelID && trip.id != before)  // temporary, then permanent
            #expect(trips.contains(trip))  // same hash as before the save
            #expect(trip != Trip(name: "Lisbon"))
            let item = Item(timestamp: Date(timeIntervalSince1970: 1))
            let declared: UUID = item.id  // Item declares `@Attribute(.unique) var id: UUID`
            #expect(declared == item.id)
        }
    }

    @Test("@Model applies to a class that is not final, as SwiftData's does (Apple's examples write '@Model class'): stored, fetched by predicate, sorted, merged")
    func classThatIsNotFinal() throws {
        let container = try ModelContainer(for: Bookmark.self, configuration: .inMemory)
        let writer = container.newBackgroundContext(), reader = container.newBackgroundContext()
        reader.automaticallyMergesChangesFromParent = true
        let id = try writer.performAndWait {
            let swift = Bookmark(title: "swift.org", visits: 3)
            writer.insert(swift)
            writer.insert(Bookmark(title: "example.com", visits: 1))
            try writer.save()
            return swift.persistentModelID
        }
        let titles = try reader.performAndWait {
            try reader.fetch(FetchDescriptor<Bookmark>(predicate: #Predicate { $0.visits > 0 }, sortBy: [SortDescriptor(\.title)])).map(\.title)
        }
        #expect(titles == ["example.com", "swift.org"])
        try writer.performAndWait {
            (writer.model(for: id) as? Bookmark)?.visits += 1
            try writer.save()
        }
        #expect(reader.performAndWait { (reader.registeredModel(for: id) as Bookmark?)?.visits } == 4)
    }

    @Test("propertiesToFetch is checked and returns the same models, every attribute readable (SwiftData loads the others on first read)")
    func propertiesToFetch() throws {
        let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let trip = Trip(name: "Porto")
            context.insert(trip)
            trip.stops = [Stop(title: "Ribeira", position: 2)]
            try context.save()
            context.reset()
            var descriptor = FetchDescriptor<Stop>()
            descriptor.propertiesToFetch = [\.title, \.trip]
            let stops = try context.fetch(descriptor)
            #expect(stops.map { "\($0.title) \($0.position) \($0.trip?.name ?? "-")" } == ["Ribeira 2 Porto"])
            var toMany = FetchDescriptor<Trip>()
            toMany.propertiesToFetch = [\.stops]
            #expect(throws: ModelError.invalidFetchDescriptor(entity: "Trip", reason: "propertiesToFetch names 'stops', which is not an attribute or a to-one relationship of Trip")) {
                try context.fetch(toMany)
            }
        }
    }

    @Test("@Attribute(.codable) (iOS 27) stores the value in its Codable representation, as every Codable value is stored here")
    func codableOption() throws {
        let container = try ModelContainer(for: Parcel.self, configuration: .inMemory)
        let writer = container.newBackgroundContext(), reader = container.newBackgroundContext()
        try writer.performAndWait {
            writer.insert(Parcel(size: Parcel.Size(width: 30, height: 20, depth: 10), label: "books"))
            try writer.save()
        }
        let read = try reader.performAndWait { try reader.fetch(FetchDescriptor<Parcel>()).map { "\($0.label) \($0.size.width)x\($0.size.height)x\($0.size.depth)" } }
        #expect(read == ["books 30x20x10"])
        #expect(container.schema.entity(named: "Parcel")?.attributes.map(\.columnName) == ["ZLABEL", "ZSIZE"])
    }

    @Test("#Predicate's localizedStandardContains finds text whatever its case and accents, in SQL and in memory alike")
    func localizedStandardContains() throws {
        let container = try ModelContainer(for: Bookmark.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for title in ["Crème brûlée", "CREME fraiche", "Tarte Tatin"] { context.insert(Bookmark(title: title, visits: 0)) }
            try context.save()
            let search = "creme"
            let descriptor = FetchDescriptor<Bookmark>(predicate: #Predicate { $0.title.localizedStandardContains(search) },
                                                       sortBy: [SortDescriptor(\.title)])
            #expect(try context.fetch(descriptor).map(\.title) == ["CREME fraiche", "Crème brûlée"])
            let all = try context.fetch(FetchDescriptor<Bookmark>())
            #expect(try all.filter { try descriptor.predicate!.evaluate($0) }.count == 2, "memory agrees with SQL")
        }
    }

    @Test("Properties declared by their initial value (var name = \"\", var sights = [Sight]()) are stored with the value's type, as in SwiftData")
    func propertiesWithoutATypeAnnotation() throws {
        let container = try ModelContainer(for: Destination.self, configuration: .inMemory)
        #expect(container.schema.entity(named: "Sight")?.attributes.map { "\($0.name): \($0.type)" }
                == ["name: string", "visits: int", "rating: double", "addedAt: date", "tags: codable"])
        let writer = container.newBackgroundContext(), reader = container.newBackgroundContext()
        try writer.performAndWait {
            let rome = Destination(name: "Rome")
            writer.insert(rome)
            let forum = Sight(name: "Forum")
            forum.visits = 2
            forum.tags = ["ruins"]
            rome.sights.append(forum)
            try writer.save()
        }
        let read = try reader.performAndWait {
            try reader.fetch(FetchDescriptor<Destination>()).flatMap { destination in
                destination.sights.map { "\(destination.name): \($0.name) \($0.visits) \($0.rating) \($0.tags)" }
            }
        }
        #expect(read == ["Rome: Forum 2 4.5 [\"ruins\"]"])
    }

    @Test("fetch(_:batchSize:) returns a FetchResultsCollection of the models fetch(_:) finds, in its order; a batch size below 1 is refused")
    func batchedFetch() throws {
        let container = try ModelContainer(for: Bookmark.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for visits in [3, 1, 2] { context.insert(Bookmark(title: "b\(visits)", visits: visits)) }
            try context.save()
            let descriptor = FetchDescriptor<Bookmark>(sortBy: [SortDescriptor(\.visits)])
            let batched = try context.fetch(descriptor, batchSize: 2)
            #expect(batched.map(\.title) == ["b1", "b2", "b3"])
            let plain = try context.fetch(descriptor)
            #expect(batched.count == 3 && batched[2] === plain[2], "the same registered models")
            #expect(throws: ModelError.invalidFetchDescriptor(entity: "Bookmark", reason: "fetch's batchSize is 0; it counts models per batch, so it is 1 or more")) {
                try context.fetch(descriptor, batchSize: 0)
            }
        }
    }

    @Test("willSave is posted on the context's queue before a save with changes, and what an observer changes then is saved too")
    func willSave() throws {
        let container = try ModelContainer(for: Bookmark.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        let posts = Locked(0)
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.willSave, object: context, queue: nil) { _ in
            posts.withLock { $0 += 1 }
            // Posted on the context's queue: the observer may touch its models.
            for bookmark in context.insertedModelsArray.compactMap({ $0 as? Bookmark }) { bookmark.visits += 10 }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try context.performAndWait {
            try context.save()  // nothing to save: nothing posted
            context.insert(Bookmark(title: "a", visits: 1))
            try context.save()
        }
        #expect(posts.withLock { $0 } == 1)
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetch(FetchDescriptor<Bookmark>()).map(\.visits) } == [11])
    }

    @Test("A did-save notification carries SwiftData's NotificationKey arrays of inserted, updated and deleted identifiers")
    func didSaveNotificationKeys() throws {
        let container = try ModelContainer(for: Bookmark.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        let received = Locked<[[String: [PersistentIdentifier]]]>([])
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
            let info = note.userInfo ?? [:]
            var keys: [String: [PersistentIdentifier]] = [:]
            for key in [ModelContext.NotificationKey.insertedIdentifiers, .updatedIdentifiers, .deletedIdentifiers] {
                keys[key.rawValue] = info[key.rawValue] as? [PersistentIdentifier]
            }
            received.withLock { $0.append(keys) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let (kept, gone) = try context.performAndWait {
            let kept = Bookmark(title: "kept", visits: 0), gone = Bookmark(title: "gone", visits: 0)
            context.insert(kept)
            context.insert(gone)
            try context.save()
            kept.visits = 1
            context.delete(gone)
            try context.save()
            return (kept.persistentModelID, gone.persistentModelID)
        }
        let saves = received.withLock { $0 }
        #expect(saves.count == 2)
        #expect(Set(saves.first?["insertedIdentifiers"] ?? []) == [kept, gone])
        #expect(saves.first?["updatedIdentifiers"] == [] && saves.first?["deletedIdentifiers"] == [])
        #expect(saves.last?["insertedIdentifiers"] == [])
        #expect(saves.last?["updatedIdentifiers"] == [kept])
        #expect(saves.last?["deletedIdentifiers"] == [gone])
    }
}

/// Models written as many SwiftData apps write them: every property typed by its initial value.
@Model final class Destination {
    var name = ""
    @Relationship(deleteRule: .cascade, inverse: \Sight.destination) var sights = [Sight]()

    init(name: String) {
        self.name = name
    }
}

@Model final class Sight {
    var name = ""
    var visits = 0
    var rating = 4.5
    var addedAt = Date(timeIntervalSince1970: 0)
    var tags = [String]()
    var destination: Destination?

    init(name: String) {
        self.name = name
    }
}

/// A model with a `Codable` struct stored, as SwiftData's `.codable` option asks, in one column.
@Model final class Parcel {
    struct Size: Codable, Hashable {
        var width: Int
        var height: Int
        var depth: Int
    }

    @Attribute(.codable) var size: Size
    @Attribute(.codable) var label: String

    init(size: Size, label: String) {
        self.size = size
        self.label = label
    }
}

/// A model class that is not `final`, as Apple's examples and many apps write them.
@Model class Bookmark {
    var title: String
    var visits: Int

    init(title: String, visits: Int) {
        self.title = title
        self.visits = visits
    }
}

/// A model written with SwiftData's `@Attribute` options: all compile; only `.unique` changes
/// what the store does.
@Model final class Product {
    @Attribute(.unique, originalName: "code") var sku: String
    @Attribute(.externalStorage, .allowsCloudEncryption, .preserveValueOnDeletion, .spotlight, hashModifier: "v2") var photo: Data?

    init(sku: String, photo: Data?) {
        self.sku = sku
        self.photo = photo
    }
}

/// Article 000's expansion of `@ModelActor` for its `DataHandler`, with only `SwiftData.` removed (and
/// the name changed: this module has a DataHandler of its own).
private actor ExpandedDataHandler {
    nonisolated let modelExecutor: any ModelExecutor
    nonisolated let modelContainer: ModelContainer
    init(modelContainer: ModelContainer) {
        let modelContext = ModelContext(modelContainer)
        modelExecutor = DefaultSerialModelExecutor(modelContext: modelContext)
        self.modelContainer = modelContainer
    }

    /// Where the actor's code runs, where its context's queue is, and what a save stored.
    func newItem() throws -> (String, String, Int) {
        modelContext.insert(Item(timestamp: Date(timeIntervalSince1970: 1)))
        try modelContext.save()
        return (DispatchQueue.currentLabel, modelContext.queueLabel, try modelContext.fetchCount(FetchDescriptor<Item>()))
    }
}

extension ExpandedDataHandler: ModelActor {}

/// A public actor, as a library writes one: conforming to `ModelActor` asks it for its container
/// and executor only, so its context stays an implementation detail, here a private property of
/// its own (with `modelContext` a protocol requirement, this would have to be public).
public actor PublicDataHandler: ModelActor {
    public nonisolated let modelExecutor: any ModelExecutor
    public nonisolated let modelContainer: ModelContainer
    private let modelContext: ModelContext

    public init(modelContainer: ModelContainer) {
        let modelContext = ModelContext(modelContainer)
        modelExecutor = DefaultSerialModelExecutor(modelContext: modelContext)
        self.modelContainer = modelContainer
        self.modelContext = modelContext
    }

    func count() throws -> Int {
        modelContext.insert(Item(timestamp: .now))
        try modelContext.save()
        return try modelContext.fetchCount(FetchDescriptor<Item>())
    }
}
