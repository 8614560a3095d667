import Lessons
import Testing

/// Articles 000 and 001: a model actor's executor runs its code on its context's queue.
@Suite("model-actor-executor: a model actor runs on its context's queue")
struct ModelActorExecutorTests {
    func outcome() async throws -> ModelActorExecutor.Outcome {
        try await SharedRuns.modelActorExecutor.value
    }
    @Test("checkQueueInfo prints what article 000 prints")
    func printsLikeTheArticle() async throws {
        let outcome = try await outcome()

        #expect(outcome.createdOnMainActor.printed == ["Actor queue: com.apple.main-thread", "Context queue: com.apple.main-thread"])
        #expect(outcome.createdInDetachedTask.printed.allSatisfy { $0.contains(": ModelContext 0x") })
    }
}
