import Scenarios
import Testing

/// Articles 000 and 001: a model actor's executor runs its code on its context's queue.
@Suite("model-actor-executor: a model actor runs on its context's queue")
struct ModelActorExecutorTests {
    func outcome() async throws -> ModelActorExecutor.Outcome {
        try await SharedRuns.modelActorExecutor.value
    }

    @Test("A @ModelActor created in a detached task runs on its private context's queue")
    func detachedActorRunsOnPrivateQueue() async throws {
        let info = try await outcome().createdInDetachedTask

        #expect(info.actorQueue == info.contextQueue)
        #expect(info.actorQueue.hasPrefix("ModelContext 0x"))
    }

    @Test("A @ModelActor created on the MainActor runs on the main queue")
    func mainActorCreatedActorRunsOnMainQueue() async throws {
        let info = try await outcome().createdOnMainActor

        #expect(info.actorQueue == "com.apple.main-thread")
        #expect(info.contextQueue == "com.apple.main-thread")
    }

    @Test("checkQueueInfo prints what article 000 prints")
    func printsLikeTheArticle() async throws {
        let outcome = try await outcome()

        #expect(outcome.createdOnMainActor.printed == ["Actor queue: com.apple.main-thread", "Context queue: com.apple.main-thread"])
        #expect(outcome.createdInDetachedTask.printed.allSatisfy { $0.contains(": ModelContext 0x") })
    }

    @Test("Created on the MainActor: @ModelActor and @MainModelActor run on the main queue, @BackgroundModelActor does not")
    func eachKindRunsWhereExpected() async throws {
        // Given the three kinds of model actor, all created on the MainActor
        let placements = try await outcome().placements
        let byKind = Dictionary(uniqueKeysWithValues: placements.map { ($0.kind, $0) })

        // Then each one's methods run where its context's perform runs
        #expect(placements.allSatisfy { $0.createdOn == "com.apple.main-thread" })
        #expect(placements.allSatisfy { $0.queues.actorQueue == $0.queues.contextQueue })
        // And only the background one left the main queue
        #expect(byKind["@ModelActor"]?.queues.actorQueue == "com.apple.main-thread")
        #expect(byKind["@MainModelActor"]?.queues.actorQueue == "com.apple.main-thread")
        #expect(byKind["@BackgroundModelActor"]?.queues.actorQueue.hasPrefix("ModelContext 0x") == true)
    }

    @Test("The same updates as a model actor: the same counts, without a single perform")
    func modelActorNeedsNoPerform() async throws {
        let outcome = try await outcome()
        let perform = outcome.withPerform, actor = outcome.withModelActor

        #expect(actor.counts == perform.counts)
        #expect(actor.counts == (0..<actor.counts.count).map { $0 + 10 })
        #expect(perform.performs == perform.calls)
        #expect(actor.performs == 0)
        #expect(perform.callsOnTheContextQueue == perform.calls)
        #expect(actor.callsOnTheContextQueue == actor.calls)
    }

    @Test("The report shows the experiment, the three kinds and the perform count")
    func reportDemonstrates() async throws {
        let report = ModelActorExecutor().report(try await outcome())

        #expect(report.demonstrated)
        #expect(report.rightWay.count == 5)
        #expect(report.measurements.contains { $0.name == "perform closures, model actor" && $0.value == 0 })
    }
}
