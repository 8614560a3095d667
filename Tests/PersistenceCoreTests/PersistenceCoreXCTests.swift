import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import XCTest

/// The core's main promises, under XCTest too: both runners run from day one.
final class PersistenceCoreXCTests: XCTestCase {
    func testSave_makesIdentifiersPermanentAndRowsFetchable() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: Date(timeIntervalSinceReferenceDate: 1))
            context.insert(item)
            XCTAssertTrue(item.persistentModelID.isTemporary)
            try context.save()
            XCTAssertFalse(item.persistentModelID.isTemporary)
            XCTAssertEqual(try context.fetch(FetchDescriptor<Item>()).map(\.timestamp), [Date(timeIntervalSinceReferenceDate: 1)])
        }
    }

    func testMainContext_isOnTheMainQueueInASynchronousTest() throws {
        let container = try makeContainer()
        XCTAssertEqual(ModelContext(container).concurrencyType, .mainQueue, "XCTest runs synchronous tests on the main queue")
        XCTAssertEqual(container.viewContext.queueLabel, "com.apple.main-thread")
    }

    func testExistingModel_throwsModelNotFoundForADeletedRow() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            try context.save()
            let id = item.persistentModelID
            context.delete(item)
            try context.save()
            XCTAssertThrowsError(try container.newBackgroundContext().performAndWait {
                try container.newBackgroundContext().existingModel(for: id, as: Item.self)
            }) { error in
                guard case ModelError.modelNotFound(let missing) = error else { return XCTFail("got \(error)") }
                XCTAssertEqual(missing, id)
            }
        }
    }

    func testCorruptFile_givesATypedErrorAndStaysUntouched() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("corrupt.sqlite")
        let bytes = Data(repeating: 0xAB, count: 4096)
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: bytes))
        XCTAssertThrowsError(try ModelContainer(for: Item.self, configuration: .file(url))) { error in
            guard case ModelError.storeCorrupted = error else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(contents(of: url), bytes)
    }

    func testMergePolicyObjectTrump_keepsMemoryWhereBothChangedAndStoreElsewhere() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        context.mergePolicy = .mergeByPropertyObjectTrump
        try context.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            context.insert(person)
            try context.save()
            try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 30, "sex": "x"]))
            person.name = "Ada L."
            person.age = 40
            try context.save()
            XCTAssertEqual([person.name, "\(person.age)", person.sex], ["Ada L.", "40", "x"])
        }
    }
}

/// Merging under XCTest: the main context learns of background saves and batch deletes.
final class MergingXCTests: XCTestCase {
    @MainActor
    func testAutomaticMerge_refreshesTheMainContextAfterABackgroundSave() async throws {
        let container = try makeContainer()
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true
        let ada = Person(name: "Ada", age: 36, sex: "f")
        main.insert(ada)
        try main.save()
        let id = ada.persistentModelID
        let background = container.newBackgroundContext()
        try await background.perform {
            try background.existingModel(for: id, as: Person.self).age = 41
            try background.save()
        }
        await main.perform(schedule: .enqueued) {}  // runs after the merge, which was enqueued first
        XCTAssertEqual(ada.age, 41)
    }

    /// Core Data: a batch delete "happen[s] at the SQL level"; no context merges it by itself.
    @MainActor
    func testBatchDelete_isNotMergedEvenIntoAnAutoMergingContext_untilMergedByHand() async throws {
        let container = try makeContainer()
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true
        let ada = Person(name: "Ada", age: 36, sex: "f")
        main.insert(ada)
        try main.save()
        let result = try await Task.detached { try container.execute(BatchDeleteRequest<Person>(resultType: .identifiers)) }.value
        await main.perform(schedule: .enqueued) {}  // after any merge a save would have enqueued
        XCTAssertTrue(ada.modelContext === main, "the batch bypassed the auto-merging context")
        XCTAssertEqual(ada.name, "Ada")

        let deleted = try XCTUnwrap(result.identifiers)
        ModelContext.mergeChanges(fromRemoteContextSave: ModelContext.Changes(deleted: Set(deleted)), into: [main])
        XCTAssertNil(main.registeredModel(for: ada.persistentModelID) as Person?)
        XCTAssertNil(ada.modelContext)
        XCTAssertFalse(ada.isDeleted)
    }

    func testManualMerge_bringsAnotherContextsSaveIntoThisOne() throws {
        let container = try makeContainer()
        let mine = container.newBackgroundContext()
        let theirs = container.newBackgroundContext()
        let id = try mine.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            mine.insert(person)
            try mine.save()
            return person.persistentModelID
        }
        let changes = try theirs.performAndWait {
            try theirs.existingModel(for: id, as: Person.self).sex = "x"
            try theirs.save()
            return ModelContext.Changes(updated: [id])
        }
        let sex = try mine.performAndWait {
            let person = try mine.existingModel(for: id, as: Person.self)
            XCTAssertEqual(person.sex, "f")
            mine.mergeChanges(fromContextDidSave: changes)
            return person.sex
        }
        XCTAssertEqual(sex, "x")
    }
}
