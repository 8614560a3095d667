import Foundation
import PersistenceCore
import SampleModels
import XCTest

/// What an XCTest user meets that Swift Testing does not show: a synchronous test method runs on
/// the main queue, so a context made there is a main-queue context. The core's promises
/// themselves are the Swift Testing suites'.
final class PersistenceCoreXCTests: XCTestCase {
    func testMainContext_isOnTheMainQueueInASynchronousTest() throws {
        let container = try makeContainer()
        XCTAssertEqual(ModelContext(container).concurrencyType, .mainQueue, "XCTest runs synchronous tests on the main queue")
        XCTAssertEqual(container.viewContext.queueLabel, "com.apple.main-thread")
    }
}

/// Merging under XCTest: the test the divergence article (`DifferencesFromCoreDataAndSwiftData`)
/// names for batch deletes. Its Swift Testing twins are `ChangeMergingTests`' batchDeleteNotMerged
/// and remoteMergeOfABatch.
final class MergingXCTests: XCTestCase {
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
}
