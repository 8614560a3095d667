import Scenarios
import XCTest

/// model-actor-executor under XCTest: the same outcome, asserted the XCTest way.
final class ModelActorExecutorXCTests: XCTestCase {
    func testModelActor_runsOnItsPrivateContextQueue_whenCreatedInADetachedTask() async throws {
        let info = try await SharedRuns.modelActorExecutor.value.createdInDetachedTask

        XCTAssertEqual(info.actorQueue, info.contextQueue)
        XCTAssertTrue(info.actorQueue.hasPrefix("ModelContext 0x"), info.actorQueue)
    }

    func testModelActor_runsOnTheMainQueue_whenCreatedOnTheMainActor() async throws {
        let info = try await SharedRuns.modelActorExecutor.value.createdOnMainActor

        XCTAssertEqual(info.actorQueue, "com.apple.main-thread")
        XCTAssertEqual(info.contextQueue, "com.apple.main-thread")
    }

    func testBackgroundModelActor_leavesTheMainQueue_whenCreatedOnTheMainActor() async throws {
        let placements = try await SharedRuns.modelActorExecutor.value.placements
        let background = try XCTUnwrap(placements.first { $0.kind == "@BackgroundModelActor" })

        XCTAssertEqual(background.createdOn, "com.apple.main-thread")
        XCTAssertTrue(background.queues.actorQueue.hasPrefix("ModelContext 0x"), background.queues.actorQueue)
        XCTAssertEqual(background.queues.actorQueue, background.queues.contextQueue)
    }

    func testUpdates_matchWithoutPerform_asAModelActor() async throws {
        let outcome = try await SharedRuns.modelActorExecutor.value

        XCTAssertEqual(outcome.withModelActor.counts, outcome.withPerform.counts)
        XCTAssertEqual(outcome.withModelActor.performs, 0)
        XCTAssertEqual(outcome.withPerform.performs, outcome.withPerform.calls)
    }

    func testReport_isDemonstrated() async throws {
        let outcome = try await SharedRuns.modelActorExecutor.value

        XCTAssertTrue(ModelActorExecutor().report(outcome).demonstrated)
    }
}
