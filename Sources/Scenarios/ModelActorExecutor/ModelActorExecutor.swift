import Dispatch
import PersistenceCore

/// Articles 000 and 001: a model actor's custom executor runs its code on its context's queue.
///
/// Article 000's `checkQueueInfo()` experiment, for a `@ModelActor` created in a detached task
/// (a private `ModelContext 0x…` queue) and one created on the MainActor (`com.apple.main-thread`);
/// which queue `@ModelActor`, `@BackgroundModelActor` and `@MainModelActor` run on when all three
/// are created on the MainActor; and the same updates written with `perform` closures and as a
/// model actor: the same result, without a single `perform`.
public struct ModelActorExecutor: Scenario {
    public static let info = ScenarioInfo(
        id: "model-actor-executor",
        title: "A model actor runs on its context's queue",
        articles: [.swiftDataConcurrency, .customExecutor],
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
            "Sources/Scenarios/ModelActorExecutor/ModelActorExecutor.swift",
            "Sources/Scenarios/ModelActorExecutor/ModelActorExecutor+DataHandler.swift",
            "Sources/Scenarios/ModelActorExecutor/ItemUpdates.swift",
            "Tests/ScenariosTests/ModelActorExecutorTests.swift",
            "Tests/ScenariosTests/ModelActorExecutorXCTests.swift",
            "Sources/PersistenceCore/Concurrency/ModelContextExecutor.swift",
            "Sources/PersistenceCore/Concurrency/ModelActor.swift",
            "Sources/PersistenceCore/Macros.swift",
        ])

    /// One kind of model actor, created on the MainActor, and where it ran.
    public struct Placement: Sendable, Codable, Hashable {
        /// `@ModelActor`, `@BackgroundModelActor` or `@MainModelActor`.
        public var kind: String
        /// The label of the queue that created it.
        public var createdOn: String
        /// Where its methods and its context's `perform` ran.
        public var queues: QueueInfo
    }

    /// The same updates, done one way.
    public struct UpdateRun: Sendable, Codable, Hashable {
        /// The item counts at the end, in insertion order.
        public var counts: [Int]
        /// How many calls the caller made (inserts, updates, one read).
        public var calls: Int
        /// How many `perform` closures those calls needed.
        public var performs: Int
        /// How many calls ran their body on the context's queue.
        public var callsOnTheContextQueue: Int
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// `Task.detached { DataHandler(modelContainer:) }`.
        public var createdInDetachedTask: QueueInfo
        /// `Task { @MainActor in DataHandler(modelContainer:) }`.
        public var createdOnMainActor: QueueInfo
        /// `@ModelActor`, `@BackgroundModelActor` and `@MainModelActor`, all created on the MainActor.
        public var placements: [Placement]
        /// The updates with a `perform` around each use of a background context.
        public var withPerform: UpdateRun
        /// The same updates as a `@BackgroundModelActor`'s methods.
        public var withModelActor: UpdateRun
    }

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
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

        // The same updates with perform, then as a model actor, each against its own container.
        let items = environment.size(test: 20, course: 200)
        let performContainer = try environment.makeContainer(for: [Item.self], name: "model-actor-executor-perform")
        let withPerform = PerformItemUpdates(context: performContainer.newBackgroundContext())
        let performCounts = try await Self.updateItems(items, with: withPerform)
        let actorContainer = try environment.makeContainer(for: [Item.self], name: "model-actor-executor-actor")
        let withActor = ActorItemUpdates(modelContainer: actorContainer)
        let actorCounts = try await Self.updateItems(items, with: withActor)

        let calls = 2 * items + 1
        return Outcome(
            createdInDetachedTask: createdInDetachedTask,
            createdOnMainActor: createdOnMainActor,
            placements: placements,
            withPerform: UpdateRun(counts: performCounts, calls: calls, performs: withPerform.performs.value,
                                   callsOnTheContextQueue: withPerform.closuresOnTheContextQueue.value),
            withModelActor: UpdateRun(counts: actorCounts, calls: calls, performs: 0,
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

    public func report(_ outcome: Outcome) -> ScenarioReport {
        let detached = outcome.createdInDetachedTask, main = outcome.createdOnMainActor
        let perform = outcome.withPerform, actor = outcome.withModelActor
        let wrongWay = [
            "Task { @MainActor in DataHandler(...).checkQueueInfo() } printed: " + main.printed.joined(separator: ", ")
                + ". Created on the MainActor, a @ModelActor runs on the main queue: its work blocks the UI.",
            "The updates written with perform: \(perform.calls) calls needed \(perform.performs) perform closures.",
        ]
        var rightWay = [
            "Task.detached { DataHandler(...).checkQueueInfo() } printed: " + detached.printed.joined(separator: ", ")
                + ". The actor runs on its private context's queue.",
        ]
        for placement in outcome.placements {
            rightWay.append("\(placement.kind) created on '\(placement.createdOn)' runs on '\(placement.queues.actorQueue)' "
                + "(context queue '\(placement.queues.contextQueue)').")
        }
        rightWay.append("The same updates as a model actor: \(actor.calls) calls, \(actor.performs) perform closures, "
            + "\(actor.callsOnTheContextQueue) ran on the context's queue; the counts "
            + (actor.counts == perform.counts ? "match" : "DIFFER") + " (\(actor.counts.count) items).")
        let measurements = [
            Measurement("perform closures, perform version", Double(perform.performs), unit: "closures"),
            Measurement("perform closures, model actor", Double(actor.performs), unit: "closures"),
            Measurement("calls, each version", Double(perform.calls), unit: "calls"),
        ]
        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements,
                              demonstrated: Self.isDemonstrated(by: outcome))
    }

    /// Each actor ran where its context does, where article 000 says; the model actor matched
    /// the perform version's result with fewer performs, every call on its queue.
    static func isDemonstrated(by outcome: Outcome) -> Bool {
        let mainLabel = "com.apple.main-thread"
        let detached = outcome.createdInDetachedTask, main = outcome.createdOnMainActor
        let experiment = detached.actorQueue == detached.contextQueue && detached.actorQueue.hasPrefix("ModelContext 0x")
            && main.actorQueue == mainLabel && main.contextQueue == mainLabel
        let expected: [String: Bool] = ["@ModelActor": true, "@BackgroundModelActor": false, "@MainModelActor": true]
        let placed = outcome.placements.count == expected.count && outcome.placements.allSatisfy { placement in
            placement.createdOn == mainLabel && placement.queues.actorQueue == placement.queues.contextQueue
                && (placement.queues.actorQueue == mainLabel) == expected[placement.kind]
        }
        let perform = outcome.withPerform, actor = outcome.withModelActor
        let same = perform.counts == actor.counts && !actor.counts.isEmpty
            && actor.performs < perform.performs && actor.callsOnTheContextQueue == actor.calls
        return experiment && placed && same
    }
}
