import Foundation
import PersistenceCore
import SampleModels
import Testing

/// A model whose defaults its initializer never touches, with a property kept out of the store;
/// `private`, so its generated members are `fileprivate`.
@Model private final class PrivateCounter {
    var value: Int = 5
    var label: String?
    @Transient var scratch: Int = 9
    var doubled: Int { value * 2 }

    init() {}
}

@Suite("The @Model macro")
struct ModelMacroRuntimeTests {
    @Test("An initializer's values read back through the getters")
    func initializerValuesReadBack() {
        let id = UUID()
        let item = Item(id: id, timestamp: Date(timeIntervalSinceReferenceDate: 10), title: "a")
        #expect(item.id == id)
        #expect(item.timestamp == Date(timeIntervalSinceReferenceDate: 10))
        #expect(item.title == "a")
        #expect(item.count == 0)
    }

    @Test("Default values and implicit nils are written through the init accessors")
    func defaultValuesAndImplicitNils() {
        let note = Note(body: "text")
        #expect(note.title == nil)
        #expect(note.body == "text")

        let all = AllTypes()
        #expect(all.optionalBool == nil)
        #expect(all.optionalData == nil)
    }

    @Test("Setters write to the backing data")
    func settersWrite() {
        let item = Item(timestamp: .distantPast)
        item.count = 41
        item.count += 1
        item.title = "b"
        item.title = nil
        #expect(item.count == 42)
        #expect(item.title == nil)
    }

    @Test("The entity schema lists the persisted properties in declaration order")
    func entitySchemaInDeclarationOrder() {
        let schema = Item.entitySchema
        #expect(schema.name == "Item")
        #expect(schema.attributes == [
            AttributeSchema(name: "id", type: .uuid, isOptional: false, isUnique: true),
            AttributeSchema(name: "timestamp", type: .date, isOptional: false),
            AttributeSchema(name: "title", type: .string, isOptional: true, preservesValueOnDeletion: true),
            AttributeSchema(name: "count", type: .int, isOptional: false, defaultValue: .integer(0)),
        ])
    }

    @Test("Every attribute type and its optional reach the schema")
    func everyAttributeType() {
        let attributes = AllTypes.entitySchema.attributes
        #expect(attributes.count == 16)
        // The eight column types; URL and Codable values are pinned by AttributeValueTypeTests.
        let primitives = Array(AttributeType.allCases.prefix(8))
        #expect(attributes.prefix(8).map(\.type) == primitives)
        #expect(attributes.suffix(8).map(\.type) == primitives)
        #expect(attributes.prefix(8).allSatisfy { !$0.isOptional })
        #expect(attributes.suffix(8).allSatisfy { $0.isOptional })
        #expect(attributes.allSatisfy { !$0.isUnique })
    }

    @Test("The key-path table names each persisted property")
    func attributeKeyPaths() {
        #expect(Item.attributeKeyPaths[\Item.timestamp] == "timestamp")
        #expect(Item.attributeKeyPaths[\Item.id] == "id")
        #expect(Item.attributeKeyPaths.count == 4)
        #expect(Set(Person.attributeKeyPaths.values) == ["name", "age", "sex"])
    }

    @Test("A model saved in a private context fetches back with equal values")
    func insertSaveFetch() throws {
        // Given a private-queue context
        let container = try ModelContainer(for: Item.self, AllTypes.self, configuration: .inMemory)
        let context = ModelContext(container, concurrencyType: .privateQueue)
        let id = UUID()
        let uuid = UUID()

        // When models are inserted, saved and fetched back in a fresh context
        try context.performAndWait {
            context.insert(Item(id: id, timestamp: Date(timeIntervalSinceReferenceDate: 20), title: "t", count: 3))
            context.insert(AllTypes(uuid: uuid))
            try context.save()
        }
        let reader = ModelContext(container, concurrencyType: .privateQueue)
        let (items, all) = try reader.runAndWait {
            (try reader.fetch(FetchDescriptor<Item>()), try reader.fetch(FetchDescriptor<AllTypes>()))
        }

        // Then every value survived the round trip
        try reader.runAndWait {
            let item = try #require(items.first)
            #expect(items.count == 1)
            #expect(item.id == id)
            #expect(item.timestamp == Date(timeIntervalSinceReferenceDate: 20))
            #expect(item.title == "t")
            #expect(item.count == 3)
            #expect(!item.persistentModelID.isTemporary)

            let model = try #require(all.first)
            #expect(model.bool == true)
            #expect(model.int == 1)
            #expect(model.int64 == 2)
            #expect(model.double == 3.5)
            #expect(model.string == "four")
            #expect(model.date == Date(timeIntervalSinceReferenceDate: 5))
            #expect(model.uuid == uuid)
            #expect(model.data == Data([6, 7]))
            #expect(model.optionalBool == nil)
            #expect(model.optionalString == nil)
        }
    }

    @Test("Optionals set to values survive a save")
    func optionalValuesRoundTrip() throws {
        let container = try ModelContainer(for: AllTypes.self, configuration: .inMemory)
        let context = ModelContext(container, concurrencyType: .privateQueue)
        let uuid = UUID()
        try context.performAndWait {
            let model = AllTypes()
            model.optionalBool = false
            model.optionalInt = -1
            model.optionalInt64 = .max
            model.optionalDouble = 0.25
            model.optionalString = ""
            model.optionalDate = .distantFuture
            model.optionalUUID = uuid
            model.optionalData = Data()
            context.insert(model)
            try context.save()
        }
        let reader = ModelContext(container, concurrencyType: .privateQueue)
        try reader.performAndWait {
            let model = try #require(try reader.fetch(FetchDescriptor<AllTypes>()).first)
            #expect(model.optionalBool == false)
            #expect(model.optionalInt == -1)
            #expect(model.optionalInt64 == .max)
            #expect(model.optionalDouble == 0.25)
            #expect(model.optionalString == "")
            #expect(model.optionalDate == .distantFuture)
            #expect(model.optionalUUID == uuid)
            #expect(model.optionalData == Data())
        }
    }

    @Test("init(backingData:) installs the given backing data")
    func initWithBackingData() {
        // Given fresh backing data for the entity
        let data = BackingData(entity: Item.entitySchema)

        // When a model is made over it and written through its setters
        let item = Item(backingData: data)
        let id = UUID()
        item.id = id
        item.timestamp = Date(timeIntervalSinceReferenceDate: 30)
        item.count = 7

        // Then the model uses exactly that backing data
        #expect(item.backingData === data)
        #expect(item.id == id)
        #expect(item.timestamp == Date(timeIntervalSinceReferenceDate: 30))
        #expect(item.count == 7)
        #expect(item.title == nil)
    }

    @Test("A model has its own backing data, for its entity")
    func eachModelHasItsOwnBackingData() {
        let first = Item(timestamp: .now)
        let second = Item(timestamp: .now)
        #expect(first.backingData !== second.backingData)
        #expect(first.backingData.entity == Item.entitySchema)
        #expect(first.persistentModelID.isTemporary)
        #expect(first.modelContext == nil)
    }

    @Test("Default values survive a save; transient and computed properties stay out of the store")
    func defaultsAndTransientProperties() throws {
        // Given a model whose initializer assigns nothing
        #expect(PrivateCounter.entitySchema.attributes.map(\.name) == ["value", "label"])
        let container = try ModelContainer(for: PrivateCounter.self, configuration: .inMemory)
        let writer = ModelContext(container, concurrencyType: .privateQueue)

        // When it is saved with a changed transient value and fetched elsewhere
        try writer.performAndWait {
            let counter = PrivateCounter()
            #expect(counter.value == 5)
            #expect(counter.label == nil)
            counter.scratch = 100
            writer.insert(counter)
            try writer.save()
        }
        let reader = ModelContext(container, concurrencyType: .privateQueue)

        // Then the persisted default came back, and the transient one is its default again
        try reader.performAndWait {
            let counter = try #require(try reader.fetch(FetchDescriptor<PrivateCounter>()).first)
            #expect(counter.value == 5)
            #expect(counter.doubled == 10)
            #expect(counter.scratch == 9)
        }
    }
}
