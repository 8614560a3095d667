import Dispatch
import PersistenceCore
import SampleModels

/// Articles 000 and 001: a model actor's custom executor runs its code on its context's queue.
///
/// Article 000's `checkQueueInfo()` experiment, for a `@ModelActor` created in a detached task
/// (a private `ModelContext 0x…` queue) and one created on the MainActor (`com.apple.main-thread`);
/// which queue `@ModelActor`, `@BackgroundModelActor` and `@MainModelActor` run on when all three
/// are created on the MainActor; and the same updates written with `perform` closures and as a
/// model actor: the same result, without a single `perform`.
public struct ModelActorExecutor: Lesson {
    public static let info = LessonInfo(
        id: "model-actor-executor",
        title: "A model actor runs on its context's queue",
        articles: [.swiftDataConcurrency, .customExecutor],
        frameworks: .init(
            wrongWay: "Core Data (async perform: iOS 15 and later): every access wrapped in a perform closure.",
            rightWay: "SwiftData (iOS 17 and later): a @ModelActor, whose executor runs its jobs on its context's queue. @BackgroundModelActor and @MainModelActor are the lab's own (after CoreDataEvolution's @NSModelActor)."),
        why: """
            An actor normally runs wherever the Swift runtime likes, which is no good for a context \
            bound to one queue. A model actor has a custom executor (SE-0392) that sends every job \
            through its context's perform, so its methods run on the context's queue and may use the \
            context and its models directly: the perform closures of Core Data code disappear. \
            @ModelActor creates its context with SwiftData's rule, so where the actor is created \
            decides where it runs: on the MainActor it runs on the main queue, and heavy work there \
            blocks the UI. Create it in Task.detached, or use @BackgroundModelActor, which always \
            takes a private queue; @MainModelActor is the main-queue one, on purpose.
            """,
        rule: "Put data work in a model actor created off the main queue (Task.detached or @BackgroundModelActor), and pass it identifiers and values.",
        whereToLook: [
            "Sources/Lessons/ModelActorExecutor/ModelActorExecutor.swift",
            "Sources/Lessons/ModelActorExecutor/ModelActorExecutor+QueueExecutor.swift",
            "Sources/Lessons/ModelActorExecutor/ModelActorExecutor+Outcome.swift",
            "Sources/Lessons/ModelActorExecutor/ModelActorExecutor+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
            "Sources/Lessons/ModelActorExecutor/ModelActorExecutor+DataHandler.swift",
            "Sources/Lessons/ModelActorExecutor/ItemUpdates.swift",
            "Tests/LessonsTests/ModelActorExecutorTests.swift",
            "Sources/PersistenceCore/Concurrency/ModelContextExecutor.swift",
            "Sources/PersistenceCore/Concurrency/ModelActor.swift",
            "Sources/PersistenceCore/Macros.swift",
        ])

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let container = try environment.makeContainer(for: [Item.self], name: "model-actor-executor")

        // Article 000's experiment, both ways round.
        let createdInDetachedTask = await Task.detached {
            // create handler in non-main thread
            let handler = DataHandler(modelContainer: container)
            return await handler.checkQueueInfo()
        }.value
        let createdOnMainActor = await Task { @MainActor in
            // create handler in main thread
            let handler = DataHandler(modelContainer: container)
            return await handler.checkQueueInfo()
        }.value
        let placements = await Self.placeEveryKind(container)
        let queueExecutor = await Self.runOnQueueExecutor(calls: environment.size(test: 200, course: 1_000))

        // The same updates with perform, then as a model actor, each against its own container.
        let items = environment.size(test: 20, course: 200)
        let performContainer = try environment.makeContainer(for: [Item.self], name: "model-actor-executor-perform")
        let performContext = performContainer.newBackgroundContext()
        performContext.name = "PerformItemUpdates (perform)"
        let withPerform = PerformItemUpdates(context: performContext)
        let performCounts = try await Self.updateItems(items, with: withPerform)
        let actorContainer = try environment.makeContainer(for: [Item.self], name: "model-actor-executor-actor")
        let withActor = ActorItemUpdates(modelContainer: actorContainer)
        let jobsBefore = withActor.modelExecutor.enqueuedJobCount
        let actorCounts = try await Self.updateItems(items, with: withActor)
        let actorJobs = withActor.modelExecutor.enqueuedJobCount - jobsBefore

        let calls = 2 * items + 1
        return Outcome(
            createdInDetachedTask: createdInDetachedTask,
            createdOnMainActor: createdOnMainActor,
            placements: placements,
            queueExecutor: queueExecutor,
            withPerform: UpdateRun(counts: performCounts, calls: calls, performClosures: withPerform.performs.value,
                                   executorJobs: nil, callsOnTheContextQueue: withPerform.closuresOnTheContextQueue.value),
            withModelActor: UpdateRun(counts: actorCounts, calls: calls, performClosures: nil, executorJobs: actorJobs,
                                      callsOnTheContextQueue: await withActor.callsOnTheContextQueue))
    }

    /// Creates each kind of model actor on the MainActor and runs the experiment on it.
    @MainActor
    static func placeEveryKind(_ container: ModelContainer) async -> [Placement] {
        let here = DispatchQueue.currentLabel
        let modelActor = DataHandler(modelContainer: container)
        let backgroundActor = BackgroundDataHandler(modelContainer: container)
        let mainModelActor = ItemListModel(modelContainer: container)
        return [
            Placement(kind: "@ModelActor", createdOn: here, queues: await modelActor.checkQueueInfo()),
            Placement(kind: "@BackgroundModelActor", createdOn: here, queues: await backgroundActor.checkQueueInfo()),
            Placement(kind: "@MainModelActor", createdOn: here, queues: await mainModelActor.checkQueueInfo()),
        ]
    }

    /// Inserts `count` items (counts 0, 1, 2, …), adds 10 to each by identifier, and reads the
    /// counts back: `2 × count + 1` calls.
    static func updateItems(_ count: Int, with updates: some ItemUpdates) async throws -> [Int] {
        var identifiers: [PersistentIdentifier] = []
        for index in 0..<count {
            identifiers.append(try await updates.insertItem(count: index))
        }
        for identifier in identifiers {
            try await updates.updateItem(identifier: identifier, adding: 10)
        }
        return try await updates.counts()
    }
}
