import Foundation
import PersistenceCore
import TestSupport
import Testing

/// Model inheritance as SwiftData has it since iOS 26: a `@Model` subclass of a `@Model` class is
/// a subentity, stored as Core Data stores entity inheritance (one table per root entity, `Z_ENT`
/// telling the entities apart), and a fetch of the superclass returns instances of the subclasses.
@Suite("Model inheritance")
struct InheritanceTests {
    /// A hierarchy written as SwiftData's documentation writes one: a root that is not final, a
    /// subclass, a final subclass of the subclass, a second subclass; a relationship to the root
    /// (with a cascade) and one to a subclass.
    enum Motorpool {
        @Model class Vehicle {
            var name: String
            var wheels: Int
            @Relationship(inverse: \Fleet.vehicles) var fleet: Fleet?

            init(name: String, wheels: Int) {
                self.name = name
                self.wheels = wheels
            }
        }

        @Model class Car: Vehicle {
            var doors: Int
            var garage: Garage?

            init(name: String, doors: Int) {
                self.doors = doors
                super.init(name: name, wheels: 4)
            }
        }

        @Model final class ElectricCar: Car {
            var range: Int = 0
            var charger: String?

            init(name: String, range: Int) {
                self.range = range
                super.init(name: name, doors: 4)
            }
        }

        @Model class Bike: Vehicle {
            var hasBell: Bool

            init(name: String, hasBell: Bool) {
                self.hasBell = hasBell
                super.init(name: name, wheels: 2)
            }
        }

        @Model final class Fleet {
            var name: String
            @Relationship(deleteRule: .cascade) var vehicles: [Vehicle] = []

            init(name: String) {
                self.name = name
            }
        }

        @Model final class Garage {
            var city: String
            var cars: [Car] = []

            init(city: String) {
                self.city = city
            }
        }

        static let models: [any PersistentModel.Type] = [Vehicle.self, Car.self, ElectricCar.self, Bike.self, Fleet.self, Garage.self]
    }

    typealias Vehicle = Motorpool.Vehicle
    typealias Car = Motorpool.Car
    typealias ElectricCar = Motorpool.ElectricCar
    typealias Bike = Motorpool.Bike
    typealias Fleet = Motorpool.Fleet
    typealias Garage = Motorpool.Garage

    /// A container holding one of each vehicle, all in one fleet, the car and the electric car in
    /// one garage; saved.
    func makeMotorpool(_ configuration: ModelConfiguration = .inMemory) throws -> ModelContainer {
        let container = try ModelContainer(for: Motorpool.models, configuration: configuration)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let fleet = Fleet(name: "city")
            let garage = Garage(city: "Lyon")
            context.insert(fleet)
            context.insert(garage)
            let vehicles: [Vehicle] = [Vehicle(name: "cart", wheels: 3), Car(name: "beetle", doors: 2),
                                       ElectricCar(name: "zoe", range: 300), Bike(name: "brompton", hasBell: true)]
            for vehicle in vehicles {
                context.insert(vehicle)
                vehicle.fleet = fleet
            }
            for case let car as Car in vehicles { car.garage = garage }
            try context.save()
        }
        return container
    }

    @Test("The schema: a subentity lists its superentity's properties first, then its own, and names its ancestors")
    func schema() throws {
        #expect(Car.entitySchema.superentityName == "Vehicle")
        #expect(ElectricCar.entitySchema.inheritance?.ancestors == ["Vehicle", "Car"])
        #expect(ElectricCar.entitySchema.attributes.map(\.name) == ["name", "wheels", "doors", "range", "charger"])
        #expect(ElectricCar.entitySchema.relationships.map(\.name) == ["fleet", "garage"])
        #expect(Vehicle.entitySchema.superentityName == nil)
        #expect(ElectricCar.entitySchema.tableName == "ZVEHICLE")
        // A container for a subclass stores its superclasses too.
        let container = try ModelContainer(for: ElectricCar.self, configuration: .inMemory)
        #expect(Set(container.schema.entities.map(\.name)).isSuperset(of: ["Vehicle", "Car", "ElectricCar"]))
    }

    @Test("The store: one table for the hierarchy, Z_ENT per row, Z_SUPER in Z_PRIMARYKEY, and primary keys shared by the hierarchy")
    func storeLayout() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("motorpool.sqlite")
        do { _ = try makeMotorpool(.file(url)) }
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let tables = try SQLiteFixture.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z%' AND name NOT LIKE 'Z\\_%' ESCAPE '\\' ORDER BY name", in: url)
        #expect(tables.map { $0[0] } == ["ZFLEET", "ZGARAGE", "ZVEHICLE"])
        let columns = try SQLiteFixture.rows("SELECT name, \"notnull\" FROM pragma_table_info('ZVEHICLE')", in: url)
        #expect(columns.map { $0[0] } == ["Z_PK", "Z_ENT", "Z_OPT", "ZNAME", "ZWHEELS", "ZFLEET", "ZHASBELL", "ZDOORS", "ZGARAGE", "ZRANGE", "ZCHARGER"])
        // A subentity's columns may be null: other entities' rows have no value for them.
        #expect(columns.first { $0[0] == "ZDOORS" }?[1] == "0")
        #expect(columns.first { $0[0] == "ZNAME" }?[1] == "1")
        let entities = try SQLiteFixture.rows("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT", in: url)
        let number = Dictionary(uniqueKeysWithValues: entities.map { ($0[1], $0[0]) })
        #expect(entities.first { $0[1] == "Car" }?[2] == number["Vehicle"])
        #expect(entities.first { $0[1] == "ElectricCar" }?[2] == number["Car"])
        #expect(entities.first { $0[1] == "Vehicle" }?[2] == "0")
        let rows = try SQLiteFixture.rows("SELECT Z_PK, Z_ENT, ZNAME FROM ZVEHICLE ORDER BY Z_PK", in: url)
        #expect(rows.map { $0[0] } == ["1", "2", "3", "4"])
        #expect(rows.map { $0[1] } == [number["Vehicle"], number["Car"], number["ElectricCar"], number["Bike"]])
    }

    @Test("A fetch of the superclass returns every subclass's instances, each of its own class with all its values")
    func polymorphicFetch() throws {
        let container = try makeMotorpool()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let vehicles = try context.fetch(FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.name)]))
            #expect(vehicles.map(\.name) == ["beetle", "brompton", "cart", "zoe"])
            #expect(vehicles.map { "\(type(of: $0))" } == ["Car", "Bike", "Vehicle", "ElectricCar"])
            let zoe = try #require(vehicles[3] as? ElectricCar)
            #expect(zoe.range == 300 && zoe.doors == 4 && zoe.wheels == 4)
            #expect((vehicles[1] as? Bike)?.hasBell == true)
            #expect(vehicles.map(\.persistentModelID.entityName) == ["Car", "Bike", "Vehicle", "ElectricCar"])

            let cars = try context.fetch(FetchDescriptor<Car>(sortBy: [SortDescriptor(\.name)]))
            #expect(cars.map(\.name) == ["beetle", "zoe"])
            #expect(cars[1] === zoe)  // one instance per row, whichever fetch made it
            #expect(try context.fetch(FetchDescriptor<ElectricCar>()).map(\.name) == ["zoe"])
            #expect(try context.fetchCount(FetchDescriptor<Vehicle>()) == 4)
            #expect(try context.fetchCount(FetchDescriptor<Car>()) == 2)
            #expect(try context.fetchCount(FetchDescriptor<Bike>()) == 1)
        }
    }

    @Test("Predicates and sorts on inherited attributes, as SQL and in memory, pending changes included")
    func inheritedPredicates() throws {
        let container = try makeMotorpool()
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            #expect(try context.fetch(FetchDescriptor<Car>(predicate: #Predicate { $0.name == "zoe" })).map(\.name) == ["zoe"])
            #expect(try context.fetch(FetchDescriptor<Car>(predicate: #Predicate { $0.wheels == 4 && $0.doors == 2 })).map(\.name) == ["beetle"])
            #expect(try context.fetch(FetchDescriptor<ElectricCar>(predicate: #Predicate { $0.range > 100 && $0.name.starts(with: "z") })).count == 1)
            #expect(try context.fetch(FetchDescriptor<Vehicle>(predicate: #Predicate { $0.wheels > 2 }, sortBy: [SortDescriptor(\.name, order: .reverse)])).map(\.name)
                    == ["zoe", "cart", "beetle"])
            // A type check and a conditional cast, as SwiftData's sessions filter a list of trips.
            #expect(try context.fetch(FetchDescriptor<Vehicle>(predicate: #Predicate { $0 is Car }, sortBy: [SortDescriptor(\.name)])).map(\.name)
                    == ["beetle", "zoe"])
            #expect(try context.fetch(FetchDescriptor<Vehicle>(predicate: #Predicate { !($0 is Car) && $0.wheels > 1 }, sortBy: [SortDescriptor(\.name)])).map(\.name)
                    == ["brompton", "cart"])
            #expect(try context.fetch(FetchDescriptor<Vehicle>(predicate: #Predicate { vehicle in
                if let car = vehicle as? Car { car.doors > 3 } else { false }
            })).map(\.name) == ["zoe"])
            // A new car, not saved: a fetch of the superclass counts it, a fetch of a sibling does not.
            context.insert(Car(name: "mini", doors: 3))
            #expect(try context.fetch(FetchDescriptor<Vehicle>(predicate: #Predicate { $0.wheels == 4 })).map(\.name).sorted() == ["beetle", "mini", "zoe"])
            #expect(try context.fetch(FetchDescriptor<Bike>()).map(\.name) == ["brompton"])
        }
    }

    @Test("Identifiers name each row's own entity; asking for a subclass's model as its superclass works, as a sibling is a type mismatch")
    func identifiers() throws {
        let container = try makeMotorpool()
        let (zoe, brompton) = try container.viewContext.performAndWait {
            let vehicles = try container.viewContext.fetch(FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.name)]))
            return (vehicles[3].persistentModelID, vehicles[1].persistentModelID)
        }
        #expect(zoe.entityName == "ElectricCar")
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let asVehicle = try context.existingModel(for: zoe, as: Vehicle.self)
            #expect(asVehicle is ElectricCar && asVehicle.name == "zoe")
            #expect(try context.existingModel(for: zoe, as: Car.self) === asVehicle)
            #expect(throws: ModelError.typeMismatch(expected: "Car", found: "Bike")) { try context.existingModel(for: brompton, as: Car.self) }
            let fault = context.model(for: brompton)
            #expect((fault as? Bike)?.hasBell == true)
            // The key of a Bike row does not find a Car: a subentity reads its own rows only.
            let wrong = PersistentIdentifier(storeIdentifier: zoe.storeIdentifier, entityName: "Car", storage: brompton.storage)
            #expect(throws: ModelError.modelNotFound(wrong)) { try context.existingModel(for: wrong, as: Car.self) }
        }
    }

    @Test("A relationship to the superclass holds subclass instances; one to a subclass reads its inverse; changes through either side save")
    func relationships() throws {
        let container = try makeMotorpool()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let fleet = try #require(try context.fetch(FetchDescriptor<Fleet>()).first)
            let kinds = fleet.vehicles.map { "\(type(of: $0)):\($0.name)" }.sorted()
            #expect(kinds == ["Bike:brompton", "Car:beetle", "ElectricCar:zoe", "Vehicle:cart"])
            #expect(fleet.vehicles.allSatisfy { $0.fleet === fleet })
            let garage = try #require(try context.fetch(FetchDescriptor<Garage>()).first)
            #expect(garage.cars.map(\.name).sorted() == ["beetle", "zoe"])
            #expect(garage.cars.contains { $0 is ElectricCar })
            // Prefetching a relationship to the superclass gives each member its own class too.
            var descriptor = FetchDescriptor<Fleet>()
            descriptor.relationshipKeyPathsForPrefetching = [\.vehicles]
            #expect(try context.fetch(descriptor).first?.vehicles.count == 4)
            // Prefetching a to-one relationship the superclass declares, for cars and bikes alike.
            let others = container.newBackgroundContext()
            try others.performAndWait { () throws in
                var byFleet = FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.name)])
                byFleet.relationshipKeyPathsForPrefetching = [\.fleet]
                #expect(try others.fetch(byFleet).map { $0.fleet?.name } == ["city", "city", "city", "city"])
            }

            let bike = try #require(fleet.vehicles.first { $0 is Bike })
            bike.fleet = nil
            garage.cars.removeAll { $0.name == "beetle" }
            try context.save()
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let fleet = try #require(try reader.fetch(FetchDescriptor<Fleet>()).first)
            #expect(fleet.vehicles.map(\.name).sorted() == ["beetle", "cart", "zoe"])
            let beetle = try #require(try reader.fetch(FetchDescriptor<Car>(predicate: #Predicate { $0.name == "beetle" })).first)
            #expect(beetle.garage == nil)
        }
    }

    @Test("Prefetching a relationship to the superclass into a fresh context makes each member of its own class")
    func prefetchedClasses() throws {
        let container = try makeMotorpool()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            var descriptor = FetchDescriptor<Fleet>()
            descriptor.relationshipKeyPathsForPrefetching = [\.vehicles]
            let fleet = try #require(try context.fetch(descriptor).first)
            // Each member is made by the prefetch itself, none was registered before.
            let members = fleet.vehicles.map { "\(type(of: $0)):\($0.persistentModelID.entityName)" }.sorted()
            #expect(members == ["Bike:Bike", "Car:Car", "ElectricCar:ElectricCar", "Vehicle:Vehicle"])
        }
    }

    @Test("The queue rule holds for a subclass's own and inherited properties: each access from the wrong queue is named")
    func queueRule() async throws {
        let container = try makeMotorpool()
        let context = container.newBackgroundContext()
        let zoe = try context.performAndWait { UncheckedBox(try #require(try context.fetch(FetchDescriptor<ElectricCar>()).first)) }
        let (_, recorded) = await ConcurrencyDebug.withMode(.record) {
            zoe.value.range = 10
            zoe.value.name = "zoe 2"
        }
        #expect(recorded.map(\.operation) == ["ElectricCar.range set", "ElectricCar.name set"])
        #expect(recorded.allSatisfy { $0.expectedQueue == context.queueLabel })
    }

    @Test("Delete rules reach subclass instances: a fleet's cascade deletes its cars and bikes, a deleted garage is nulled in its cars")
    func deleteRules() throws {
        let container = try makeMotorpool()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.delete(try #require(try context.fetch(FetchDescriptor<Garage>()).first))
            try context.save()
            #expect(try context.fetch(FetchDescriptor<Car>()).allSatisfy { $0.garage == nil })
            context.delete(try #require(try context.fetch(FetchDescriptor<Fleet>()).first))
            try context.save()
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Vehicle>()) } == 0)
    }

    @Test("Merging: a change saved to a subclass's inherited and own attributes reaches another context's instance; an observer of the superclass hears of a new subclass instance")
    @MainActor
    func merging() async throws {
        let container = try makeMotorpool()
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true
        let zoe = try #require(try main.fetch(FetchDescriptor<ElectricCar>()).first)
        let id = zoe.persistentModelID
        let background = container.newBackgroundContext()
        try await background.perform {
            let car = try background.existingModel(for: id, as: Vehicle.self)
            car.name = "zoe 2"
            (car as? ElectricCar)?.range = 390
            try background.save()
        }
        await main.perform(schedule: .enqueued) {}
        #expect(zoe.name == "zoe 2" && zoe.range == 390)
        let observer = try ResultsObserver(fetchDescriptor: FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.name)]), modelContext: main)
        try await background.perform {
            background.insert(Bike(name: "dutch", hasBell: false))
            try background.save()
        }
        await main.perform(schedule: .enqueued) {}
        #expect(observer.results.map(\.name) == ["beetle", "brompton", "cart", "dutch", "zoe 2"])
    }

    @Test("History names each change's own entity")
    func history() throws {
        let directory = TemporaryDirectory()
        let container = try makeMotorpool(.file(directory.file("history.sqlite")))
        let context = container.newBackgroundContext()
        let transactions = try context.performAndWait { try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()) }
        let inserted = transactions.flatMap(\.changes).map(\.changedPersistentIdentifier.entityName).sorted()
        #expect(inserted == ["Bike", "Car", "ElectricCar", "Fleet", "Garage", "Vehicle"])
    }

    @Test("deleteAll(model:includeSubclasses:) and erase(): the subclasses' rows are the superclass's, or left alone when asked")
    func deletingByType() throws {
        let container = try makeMotorpool()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            try context.delete(model: Car.self, includeSubclasses: false)
            try context.save()
            #expect(try context.fetch(FetchDescriptor<Car>()).map(\.name) == ["zoe"])
            try context.delete(model: Vehicle.self)
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<Vehicle>()) == 0)
            context.insert(Car(name: "mini", doors: 3))
            try context.save()
        }
        try container.erase()
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Vehicle>()) } == 0)
    }

    @Test("A batch request on a model in a hierarchy is refused, and writes nothing")
    func batchRequestsRefused() throws {
        let container = try makeMotorpool()
        #expect(throws: ModelError.self) { try container.execute(BatchDeleteRequest<Vehicle>()) }
        #expect(throws: ModelError.self) { try container.execute(BatchUpdateRequest<Car>(propertiesToUpdate: ["doors": 5])) }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetch(FetchDescriptor<Car>()).map(\.doors).sorted() } == [2, 4])
    }

    // MARK: Constraints and migration

    /// A pet and a dog, before the model grew.
    enum PetsV1 {
        @Model class Pet {
            var name: String
            init(name: String) { self.name = name }
        }

        @Model class Dog: Pet {
            var breed: String
            init(name: String, breed: String) {
                self.breed = breed
                super.init(name: name)
            }
        }
    }

    /// An optional attribute added to the root and one to the subclass; a dog is unique by its
    /// name and breed, an inherited attribute and its own.
    enum PetsV2 {
        @Model class Pet {
            var name: String
            var age: Int?
            init(name: String) { self.name = name }
        }

        @Model class Dog: Pet {
            #Unique<Dog>([\.name, \.breed])
            var breed: String
            var trained: Bool?
            init(name: String, breed: String) {
                self.breed = breed
                super.init(name: name)
            }
        }
    }

    /// The dog no longer a pet.
    enum PetsV3 {
        @Model class Pet {
            var name: String
            init(name: String) { self.name = name }
        }

        @Model class Dog {
            var name: String
            var breed: String
            init(name: String, breed: String) {
                self.name = name
                self.breed = breed
            }
        }
    }

    @Test("A subclass's #Unique concerns its own rows only: two pets may share a name, two dogs may not share name and breed")
    func uniqueInASubentity() throws {
        let container = try ModelContainer(for: [PetsV2.Pet.self, PetsV2.Dog.self], configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(PetsV2.Pet(name: "Rex"))
            context.insert(PetsV2.Pet(name: "Rex"))
            context.insert(PetsV2.Dog(name: "Rex", breed: "lab"))
            try context.save()
            context.insert(PetsV2.Dog(name: "Rex", breed: "lab"))
            let error = #expect(throws: ModelError.self) { try context.save() }
            #expect(error?.isConstraintConflict(entity: "Dog", constraint: ["name", "breed"]) == true, "\(String(describing: error))")
            context.rollback()
            #expect(try context.fetchCount(FetchDescriptor<PetsV2.Pet>()) == 3)
        }
    }

    @Test("Lightweight migration: attributes added to the root and to a subclass become columns of the one table; rows keep their class")
    func migration() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("pets.sqlite")
        do {
            let container = try ModelContainer(for: [PetsV1.Pet.self, PetsV1.Dog.self], configuration: .file(url))
            let context = container.newBackgroundContext()
            try context.performAndWait {
                context.insert(PetsV1.Pet(name: "Tom"))
                context.insert(PetsV1.Dog(name: "Rex", breed: "lab"))
                try context.save()
            }
        }
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let before = try Data(contentsOf: url)
        // The dog no longer a pet: refused, the file untouched.
        #expect(throws: ModelError.self) { try ModelContainer(for: [PetsV3.Pet.self, PetsV3.Dog.self], configuration: .file(url)) }
        try #require(OpenStoreFiles.waitUntilClosed(url))
        #expect(try Data(contentsOf: url) == before)

        do {
            let container = try ModelContainer(for: [PetsV2.Pet.self, PetsV2.Dog.self], configuration: .file(url))
            let context = container.newBackgroundContext()
            try context.performAndWait {
                let pets = try context.fetch(FetchDescriptor<PetsV2.Pet>(sortBy: [SortDescriptor(\.name)]))
                #expect(pets.map { "\(type(of: $0)):\($0.name)" } == ["Dog:Rex", "Pet:Tom"])
                let rex = try #require(pets.first as? PetsV2.Dog)
                #expect(rex.breed == "lab" && rex.trained == nil && rex.age == nil)
                rex.trained = true
                rex.age = 3
                try context.save()
            }
        }
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let columns = try SQLiteFixture.rows("SELECT name FROM pragma_table_info('ZPET')", in: url).map { $0[0] }
        #expect(columns.count == 7 && Set(columns) == ["Z_PK", "Z_ENT", "Z_OPT", "ZNAME", "ZBREED", "ZAGE", "ZTRAINED"])
        #expect(try SQLiteFixture.rows("SELECT ZAGE, ZTRAINED FROM ZPET WHERE ZNAME = 'Rex'", in: url) == [["3", "1"]])
    }

    @Test("A subclass's new instance reads its inherited and own values before any context has it")
    func newInstance() {
        let zoe = ElectricCar(name: "zoe", range: 300)
        #expect(zoe.name == "zoe" && zoe.wheels == 4 && zoe.doors == 4 && zoe.range == 300 && zoe.charger == nil)
        zoe.doors = 5
        zoe.name = "zoe e-tech"
        #expect(zoe.doors == 5 && zoe.name == "zoe e-tech")
        #expect(zoe.persistentModelID.entityName == "ElectricCar" && zoe.persistentModelID.isTemporary)
    }
}
