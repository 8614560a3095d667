import Foundation
import SwiftData
import TestSupport
import Testing

extension CompatibilityTests {
    /// What nearly every SwiftData app does, written from Apple's documentation and practitioners'
    /// reports rather than from any one app, with SwiftData's names only. Each test names its source.
    @Suite("Everyday SwiftData: graphs, unique values, defaults in migrations, deletions before the save, the API apps call")
    @MainActor
    struct EverydayTests {
        // MARK: Inserting a graph

        /// Apple, `ModelContext`: insert "the graph's root model … The context … automatically
        /// handles the insertion of the related models"; Apple developer forums thread 744506:
        /// "insert only parent, SwiftData will insert dept too".
        @Test("Inserting a shelf made with its volumes inserts the volumes, each knowing its shelf")
        func graphFromItsRoot() throws {
            let container = try Self.container(Shelf.self)  // kept: a context does not keep its container
            let context = container.mainContext
            let shelf = Shelf(name: "Fiction", volumes: [Volume(title: "Emma"), Volume(title: "Persuasion")])
            context.insert(shelf)
            try context.save()
            let volumes = try context.fetch(FetchDescriptor<Volume>(sortBy: [SortDescriptor(\.title)]))
            #expect(volumes.map(\.title) == ["Emma", "Persuasion"])
            #expect(volumes.allSatisfy { $0.shelf == shelf })
        }

        /// The same graph inserted from the other end: the issue a ported app's four tests hit
        /// (`Shelf(name:volumes:)`, then `insert(volume)`), and the same documentation.
        @Test("Inserting a volume that a new shelf was made with inserts the shelf too, with both sides set")
        func graphFromARelatedModel() throws {
            let container = try Self.container(Shelf.self)
            let context = container.mainContext
            let volume = Volume(title: "Leaves of Grass")
            let shelf = Shelf(name: "Poetry", volumes: [volume])
            context.insert(volume)
            #expect(volume.shelf == shelf)
            #expect(shelf.modelContext === context)
            try context.save()
            let reader = ModelContext(container)
            let shelves = try reader.fetch(FetchDescriptor<Shelf>())
            #expect(shelves.map(\.name) == ["Poetry"])
            #expect(shelves.first?.volumes.map(\.title) == ["Leaves of Grass"])
        }

        // MARK: Unique values

        /// WWDC23 "Model your schema with SwiftData": "if already exists, then upsert will
        /// happen"; Hacking with Swift, "How to make unique attributes in a SwiftData model": it
        /// "updates its other properties to match the values you attempted to insert".
        @Test("Inserting a member whose email is stored updates the stored member: an upsert, one row")
        func uniqueUpsertsAStoredModel() throws {
            let container = try Self.container(Member.self)
            let context = container.mainContext
            let ann = Member(email: "ann@example.com", name: "Ann")
            context.insert(ann)
            try context.save()
            let anna = Member(email: "ann@example.com", name: "Anna")
            context.insert(anna)
            try context.save()
            #expect(ann.name == "Anna" && anna.persistentModelID == ann.persistentModelID)
            // Another context, which holds no member yet: the new model becomes the row's.
            let other = ModelContext(container)
            let annie = Member(email: "ann@example.com", name: "Annie")
            other.insert(annie)
            try other.save()
            #expect(annie.persistentModelID == ann.persistentModelID && annie.modelContext === other)
            let members = try ModelContext(container).fetch(FetchDescriptor<Member>())
            #expect(members.map(\.name) == ["Annie"])
        }

        /// The same sources: the value a save finds pending in the context counts as taken.
        @Test("Two members with one email inserted before one save are one row, with the later values")
        func uniqueUpsertsAPendingModel() throws {
            let container = try Self.container(Member.self)
            let context = container.mainContext
            context.insert(Member(email: "bo@example.com", name: "Bo"))
            context.insert(Member(email: "bo@example.com", name: "Bob"))
            try context.save()
            let members = try ModelContext(container).fetch(FetchDescriptor<Member>())
            #expect(members.map(\.name) == ["Bob"])
        }

        /// Apple, `Unique` macro (iOS 18): "a unique constraint on the specified key paths";
        /// DevTechie, "#Unique in SwiftData": a repeated combination updates the stored model.
        @Test("#Unique: a seat taken again by row and number changes holder; another number is another seat")
        func compoundUniqueUpserts() throws {
            let container = try Self.container(Seat.self)
            let context = container.mainContext
            context.insert(Seat(row: "A", number: 1, holder: "Ann"))
            try context.save()
            context.insert(Seat(row: "A", number: 1, holder: "Bo"))
            context.insert(Seat(row: "A", number: 2, holder: "Cy"))
            try context.save()
            let seats = try ModelContext(container).fetch(FetchDescriptor<Seat>(sortBy: [SortDescriptor(\.number)]))
            #expect(seats.map(\.holder) == ["Bo", "Cy"])
        }

        // MARK: Defaults in migrations

        /// Axiom's SwiftData migration guide: "Adding new required properties with default
        /// values" is lightweight; ottijp.com (2025): without a default the migration fails with
        /// "missing attribute values on mandatory destination attribute".
        @Test("A lightweight stage adds two attributes that are not optional; the stored rows take their declared values")
        func defaultsInALightweightStage() throws {
            let directory = TemporaryDirectory()
            let url = try Self.versionOneReminders(in: directory)
            let container = try ModelContainer(for: Schema(versionedSchema: RemindersSchemaV2.self), migrationPlan: RemindersLightweightPlan.self,
                                               configurations: ModelConfiguration(url: url))
            let reminders = try container.mainContext.fetch(FetchDescriptor<RemindersSchemaV2.Reminder>(sortBy: [SortDescriptor(\.title)]))
            #expect(reminders.map(\.title) == ["Call Ann", "Pay rent"])
            #expect(reminders.map(\.isPushNotificationEnabled) == [false, false])
            #expect(reminders.map(\.order) == [0, 0])
            #expect(container.migrationPlan.map(ObjectIdentifier.init) == ObjectIdentifier(RemindersLightweightPlan.self))
        }

        /// The same sources; a custom stage's `toVersion` is reached by the same change of tables.
        @Test("A custom stage with no closures, and a container with no plan, migrate the same way")
        func defaultsInACustomStageAndWithoutAPlan() throws {
            let directory = TemporaryDirectory()
            let custom = try Self.versionOneReminders(in: directory, named: "Custom.store")
            let withStage = try ModelContainer(for: Schema(versionedSchema: RemindersSchemaV2.self), migrationPlan: RemindersCustomPlan.self,
                                               configurations: ModelConfiguration(url: custom))
            #expect(try withStage.mainContext.fetch(FetchDescriptor<RemindersSchemaV2.Reminder>()).map(\.order) == [0, 0])
            let inferred = try Self.versionOneReminders(in: directory, named: "Inferred.store")
            let withoutPlan = try ModelContainer(for: RemindersSchemaV2.Reminder.self, configurations: ModelConfiguration(url: inferred))
            #expect(withoutPlan.migrationPlan == nil)
            #expect(try withoutPlan.mainContext.fetch(FetchDescriptor<RemindersSchemaV2.Reminder>()).map(\.isPushNotificationEnabled) == [false, false])
        }

        /// ottijp.com (2025): a new mandatory attribute without a default cannot be migrated;
        /// SwiftData throws `loadIssueModelContainer` (KMReader pull request 814: a failed staged
        /// migration surfaces as "a generic `loadIssueModelContainer` error").
        @Test("A new attribute with neither an optional type nor a declared value is refused, naming it, and the store is kept")
        func noValueIsRefused() throws {
            let directory = TemporaryDirectory()
            let url = try Self.versionOneReminders(in: directory)
            _ = try ModelContainer(for: RemindersSchemaV2.Reminder.self, configurations: ModelConfiguration(url: url))
            let error = #expect(throws: SwiftDataError.loadIssueModelContainer) {
                _ = try ModelContainer(for: Schema(versionedSchema: RemindersSchemaV3.self), migrationPlan: RemindersNoValuePlan.self,
                                       configurations: ModelConfiguration(url: url))
            }
            #expect(String(describing: error).contains("dueDate"))
            let kept = try ModelContainer(for: RemindersSchemaV2.Reminder.self, configurations: ModelConfiguration(url: url))
            #expect(try kept.mainContext.fetchCount(FetchDescriptor<RemindersSchemaV2.Reminder>()) == 2)
        }

        // MARK: Deletions before the save

        /// useyourloaf, "SwiftData Deleting Data": a deleted model's `isDeleted` is true until the
        /// save; Hacking with Swift, "How to delete a SwiftData object": the delete rule runs "as
        /// part of the deletion"; Core Data's `processPendingChanges()`, which a fetch runs first.
        @Test("Deleting a shelf marks it deleted at once; a fetch before the save no longer counts its cascaded volumes")
        func cascadeBeforeTheSave() throws {
            let container = try Self.container(Shelf.self)
            let context = container.mainContext
            let shelf = Shelf(name: "Poetry", volumes: [Volume(title: "Ariel"), Volume(title: "Odes")])
            context.insert(shelf)
            try context.save()
            let volumes = shelf.volumes
            context.delete(shelf)
            #expect(shelf.isDeleted)
            #expect(try context.fetchCount(FetchDescriptor<Volume>()) == 0)
            #expect(volumes.allSatisfy { $0.isDeleted })
            try context.save()
            #expect(try ModelContext(container).fetchCount(FetchDescriptor<Volume>()) == 0)
            // useyourloaf: "After you save the context, the isDeleted property … is reset to false".
            #expect(!shelf.isDeleted)
        }

        /// The same sources: `.nullify`, the default rule, applied before the save.
        @Test("Deleting a volume takes it off its shelf before the save")
        func nullifyBeforeTheSave() throws {
            let container = try Self.container(Shelf.self)
            let context = container.mainContext
            let odes = Volume(title: "Odes")
            let shelf = Shelf(name: "Poetry", volumes: [Volume(title: "Ariel"), odes])
            context.insert(shelf)
            try context.save()
            context.delete(odes)
            context.processPendingChanges()
            #expect(shelf.volumes.map(\.title) == ["Ariel"])
        }

        /// Apple, `delete(model:where:includeSubclasses:)`: "removes each model satisfying the
        /// given predicate from the persistent storage during the next save operation".
        @Test("delete(model:where:) hides the models from this context at once, and from the store at the next save")
        func deleteWhereAtTheNextSave() throws {
            let container = try Self.container(Member.self)
            let context = container.mainContext
            context.insert(Member(email: "ed@example.com", name: "Ed"))
            context.insert(Member(email: "flo@example.com", name: "Flo"))
            try context.save()
            try context.delete(model: Member.self, where: #Predicate { $0.name == "Ed" })
            let other = ModelContext(container)
            #expect(try context.fetchCount(FetchDescriptor<Member>()) == 1)
            #expect(try other.fetchCount(FetchDescriptor<Member>()) == 2)
            try context.save()
            #expect(try other.fetchCount(FetchDescriptor<Member>()) == 1)
        }

        // MARK: The API apps call

        /// Apple, `ModelConfiguration.url`: "The on-disk location of the schema's persistent
        /// storage", a `URL`, never optional; an in-memory configuration's is `/dev/null`
        /// (practitioners' tests assert `url.path == "/dev/null"`).
        @Test("A configuration's url is a URL: the file's, or /dev/null in memory")
        func configurationURL() throws {
            let container = try Self.container(Member.self)
            #expect(container.configurations.first?.url.path == "/dev/null")
            let url = URL(fileURLWithPath: "/tmp/Members.store")
            #expect(ModelConfiguration(url: url).url == url)
        }

        /// Apps write `catch is SwiftDataError` around their container (Apple, `SwiftDataError`,
        /// `loadIssueModelContainer`).
        @Test("A store that cannot be opened throws SwiftDataError.loadIssueModelContainer")
        func swiftDataErrorIsCaught() throws {
            let directory = TemporaryDirectory()
            let folder = directory.file("IsAFolder.store")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var caught: SwiftDataError?
            do {
                _ = try ModelContainer(for: Member.self, configurations: ModelConfiguration(url: folder))
            } catch let error as SwiftDataError {
                caught = error
            }
            #expect(caught == .loadIssueModelContainer)
        }

        /// Apps build `ModelContainer(for: Schema([]))` as a fallback that "should never fail";
        /// no source reports it throwing.
        @Test("A container with no model types opens, and holds no entity")
        func containerWithoutModels() throws {
            let container = try ModelContainer(for: Schema([]), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            #expect(container.schema.entities.isEmpty)
        }

        /// A practitioner's test on macOS 14: the container opens after Core Data makes the
        /// missing folder ("Recovery attempt … was successful").
        @Test("A store whose folder does not exist yet is opened there, the folder made")
        func storeInAMissingFolder() throws {
            let directory = TemporaryDirectory()
            let url = directory.file("Not").appendingPathComponent("Yet").appendingPathComponent("Members.store")
            let container = try ModelContainer(for: Member.self, configurations: ModelConfiguration(url: url))
            container.mainContext.insert(Member(email: "cy@example.com", name: "Cy"))
            try container.mainContext.save()
            #expect(FileManager.default.fileExists(atPath: url.path))
        }

        /// Core Data, *Memory Management Using Core Data*: "the references between a managed
        /// object and its context are weak"; SwiftData does not document its own (see the
        /// differences article, *A model's context*).
        @Test("A model made by a helper's own context, gone since, has no modelContext; what it saved stays")
        func modelOutlivesItsContext() throws {
            let container = try Self.container(Member.self)
            func addMember() throws -> Member {
                let context = ModelContext(container)
                let member = Member(email: "di@example.com", name: "Di")
                context.insert(member)
                try context.save()
                return member
            }
            let member = try addMember()
            #expect(member.modelContext == nil)
            #expect(try container.mainContext.fetchCount(FetchDescriptor<Member>()) == 1)
        }

        // MARK: Helpers

        private static func container(_ types: any PersistentModel.Type...) throws -> ModelContainer {
            try ModelContainer(for: Schema(types), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        }

        /// A store the first version of the reminders app wrote, with two reminders.
        private static func versionOneReminders(in directory: TemporaryDirectory, named name: String = "Reminders.store") throws -> URL {
            let url = directory.file(name)
            let container = try ModelContainer(for: Schema(versionedSchema: RemindersSchemaV1.self), configurations: ModelConfiguration(url: url))
            container.mainContext.insert(RemindersSchemaV1.Reminder(title: "Pay rent"))
            container.mainContext.insert(RemindersSchemaV1.Reminder(title: "Call Ann"))
            try container.mainContext.save()
            return url
        }
    }
}
