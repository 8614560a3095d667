import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// SwiftData's `#Unique` and `#Index` (iOS 18): a compound unique index and a plain one in the
/// store, a typed error naming the constraint, and both added or removed by a lightweight migration.
@Suite("#Unique and #Index")
struct UniqueAndIndexTests {
    /// A contact is unique by its full name; the store is indexed by family name.
    enum ContactsV2 {
        @Model class Contact {
            #Unique<Contact>([\.givenName, \.familyName])
            #Index<Contact>([\.familyName], [\.familyName, \.givenName])
            var givenName: String
            var familyName: String
            var email: String?

            init(_ givenName: String, _ familyName: String) {
                self.givenName = givenName
                self.familyName = familyName
            }
        }
    }

    /// The same contact before it had a constraint or an index.
    enum ContactsV1 {
        @Model class Contact {
            var givenName: String
            var familyName: String
            var email: String?

            init(_ givenName: String, _ familyName: String) {
                self.givenName = givenName
                self.familyName = familyName
            }
        }
    }

    /// The names and SQL of the store's indexes on ZCONTACT.
    func indexes(_ url: URL) throws -> [String: String] {
        let rows = try SQLiteFixture.rows("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ZCONTACT' AND sql IS NOT NULL", in: url)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0[1]) })
    }

    /// A store file of `ContactsV1` holding `contacts`, closed when this returns.
    func makeStoreOfTheOlderModel(at url: URL, contacts: [(String, String)]) throws {
        do {
            let container = try ModelContainer(for: ContactsV1.Contact.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            try context.performAndWait {
                for (given, family) in contacts { context.insert(ContactsV1.Contact(given, family)) }
                try context.save()
            }
        }
        try #require(OpenStoreFiles.waitUntilClosed(url))
    }

    @Test("#Unique: two rows may share a given name or a family name, not both; the save that would is refused, naming them, and writes nothing")
    func compoundUniqueness() throws {
        let container = try ModelContainer(for: ContactsV2.Contact.self, configuration: .inMemory)
        #expect(container.schema.entity(named: "Contact")?.uniquenessConstraints == [["givenName", "familyName"]])
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(ContactsV2.Contact("Ada", "Lovelace"))
            context.insert(ContactsV2.Contact("Ada", "Byron"))
            context.insert(ContactsV2.Contact("Anne", "Lovelace"))
            try context.save()
            context.insert(ContactsV2.Contact("Ada", "Lovelace"))
            context.insert(ContactsV2.Contact("Grace", "Hopper"))
            // Core Data's default merge policy, .error: a constraint conflict naming both models and the values.
            let error = #expect(throws: ModelError.self) { try context.save() }
            #expect(error?.isConstraintConflict(entity: "Contact", constraint: ["givenName", "familyName"]) == true, "\(String(describing: error))")
            if case .constraintConflict(let conflicts)? = error {
                #expect(conflicts.first?.constraintValues == ["givenName": .text("Ada"), "familyName": .text("Lovelace")])
                #expect(conflicts.first?.conflictingObjects.count == 1)
            }
            #expect(error?.localizedDescription.contains("Nothing was written.") == true)
            context.rollback()
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<ContactsV2.Contact>()) } == 3)
    }

    /// Core Data's uniqueness constraints follow the merge policy (NSMergePolicy): the
    /// object-trump policies keep the inserted object's values, the store-trump ones the stored
    /// row's; `.error`, the default, fails the save (the test above).
    @Test("On Core Data's contexts the merge policy decides a repeated #Unique tuple: object trump overwrites, store trump keeps the row")
    func uniquenessByMergePolicy() throws {
        let container = try ModelContainer(for: ContactsV2.Contact.self, configuration: .inMemory)
        func save(_ email: String, policy: MergePolicy) throws {
            let context = container.newBackgroundContext()
            context.mergePolicy = policy
            try context.performAndWait {
                let contact = ContactsV2.Contact("Ada", "Lovelace")
                contact.email = email
                context.insert(contact)
                try context.save()
            }
        }
        func emails() throws -> [String?] {
            let reader = container.newBackgroundContext()
            return try reader.performAndWait { try reader.fetch(FetchDescriptor<ContactsV2.Contact>()).map(\.email) }
        }
        try save("first@example.com", policy: .error)
        try save("object@example.com", policy: .mergeByPropertyObjectTrump)
        #expect(try emails() == ["object@example.com"])
        try save("store@example.com", policy: .mergeByPropertyStoreTrump)
        #expect(try emails() == ["object@example.com"])
        let error = #expect(throws: ModelError.self) { try save("error@example.com", policy: .error) }
        #expect(error?.isConstraintConflict(entity: "Contact", constraint: ["givenName", "familyName"]) == true)
        #expect(try emails() == ["object@example.com"])
    }

    /// SwiftData's upsert over many models at once: the stored rows are looked up 500 values at
    /// a time, so a save of 1,200 repeats finds each (and a value repeated within the save counts).
    @Test("A SwiftData context's save of 1,200 items whose ids are stored updates those 1,200 rows, and adds none")
    func upsertsInBatches() throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let ids = (0..<1_200).map { _ in UUID() }
        let seed = container.newBackgroundContext()
        try seed.performAndWait {
            for id in ids { seed.insert(Item(id: id, timestamp: .distantPast, count: 1)) }
            try seed.save()
        }
        let context = DispatchQueue.global().sync { ModelContext(container) }  // SwiftData's initializer, off the main queue
        try context.performAndWait {
            for id in ids { context.insert(Item(id: id, timestamp: .distantPast, count: 2)) }
            context.insert(Item(id: ids[0], timestamp: .distantPast, count: 3))
            try context.save()
        }
        let reader = container.newBackgroundContext()
        let counts = try reader.performAndWait { try reader.fetch(FetchDescriptor<Item>()).map(\.count) }
        #expect(counts.count == 1_200)
        #expect(counts.filter { $0 == 2 }.count == 1_199 && counts.contains(3))
    }

    @Test("#Index: an SQLite index per list, which a fetch by family name uses instead of reading the table")
    func indexesInTheStore() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("contacts.sqlite")
        _ = try ModelContainer(for: ContactsV2.Contact.self, configuration: .file(url))
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let found = try indexes(url)
        #expect(found["Z_CONTACT_CONSTRAINT_GIVENNAME_FAMILYNAME"] == "CREATE UNIQUE INDEX Z_CONTACT_CONSTRAINT_GIVENNAME_FAMILYNAME ON ZCONTACT (ZGIVENNAME, ZFAMILYNAME)")
        #expect(found["Z_CONTACT_BY_FAMILYNAME"] == "CREATE INDEX Z_CONTACT_BY_FAMILYNAME ON ZCONTACT (ZFAMILYNAME)")
        #expect(found["Z_CONTACT_BY_FAMILYNAME_GIVENNAME"] == "CREATE INDEX Z_CONTACT_BY_FAMILYNAME_GIVENNAME ON ZCONTACT (ZFAMILYNAME, ZGIVENNAME)")
        let plan = try SQLiteFixture.rows("EXPLAIN QUERY PLAN SELECT Z_PK FROM ZCONTACT WHERE ZFAMILYNAME = 'Hopper'", in: url)
        #expect(plan.contains { $0.last?.contains("USING COVERING INDEX Z_CONTACT_BY_FAMILYNAME") == true || $0.last?.contains("USING INDEX Z_CONTACT_BY_FAMILYNAME") == true },
                "\(plan)")
    }

    @Test("Adding #Unique and #Index to a stored model is a lightweight migration that keeps every row; removing them drops the indexes")
    func migrations() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("migrated.sqlite")
        try makeStoreOfTheOlderModel(at: url, contacts: [("Ada", "Lovelace")])
        #expect(try indexes(url).isEmpty)

        do {
            let container = try ModelContainer(for: ContactsV2.Contact.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            #expect(try context.performAndWait { try context.fetchCount(FetchDescriptor<ContactsV2.Contact>()) } == 1)
            context.performAndWait {
                context.insert(ContactsV2.Contact("Ada", "Lovelace"))
                let error = #expect(throws: ModelError.self) { try context.save() }
                #expect(error?.isConstraintConflict(entity: "Contact", constraint: ["givenName", "familyName"]) == true, "\(String(describing: error))")
            }
        }
        try #require(OpenStoreFiles.waitUntilClosed(url))
        #expect(try indexes(url).keys.sorted() == ["Z_CONTACT_BY_FAMILYNAME", "Z_CONTACT_BY_FAMILYNAME_GIVENNAME", "Z_CONTACT_CONSTRAINT_GIVENNAME_FAMILYNAME"])

        _ = try ModelContainer(for: ContactsV1.Contact.self, configuration: .file(url))
        try #require(OpenStoreFiles.waitUntilClosed(url))
        #expect(try indexes(url).isEmpty)
    }

    @Test("A store that already holds two equal rows cannot take the constraint: the migration is refused and the store is left as it was")
    func migrationOverDuplicates() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("duplicates.sqlite")
        try makeStoreOfTheOlderModel(at: url, contacts: [("Ada", "Lovelace"), ("Ada", "Lovelace")])
        let before = contents(of: url)
        #expect(throws: ModelError.migrationFailed("the store holds Contact rows that repeat the same givenName, familyName, which the model makes unique (@Attribute(.unique) or #Unique), so the migration cannot add the constraint. Remove the duplicates with the older model first")) {
            try ModelContainer(for: ContactsV2.Contact.self, configuration: .file(url))
        }
        try #require(OpenStoreFiles.waitUntilClosed(url))
        #expect(contents(of: url) == before)
        _ = try ModelContainer(for: ContactsV1.Contact.self, configuration: .file(url))  // still opens as it was
    }
}
