import Dispatch
import Foundation
import PersistenceCore

/// Article 000: `ModelContext(container)` picks its queue from where it runs, so a context created
/// in `Task {}` inside a view is a main-queue context; `Task.detached {}` gives a private one. And a
/// second main-queue context is not `mainContext`: same queue, separate registered objects.
public struct TaskVersusDetached: Scenario {
    public static let info = ScenarioInfo(
        id: "task-vs-detached",
        title: "Task {} or Task.detached {}: where a new context runs",
        articles: [.swiftDataConcurrency],
        why: """
            SwiftData decides a new ModelContext's queue by where it is created: on the main queue it \
            becomes a main-queue context, anywhere else it gets a private queue of its own. A view's \
            body, its button actions and its .task closures run on the MainActor, and Task {} inherits \
            that actor, so a context created there to "work in the background" runs on the main queue \
            and its work blocks the UI. Task.detached inherits no actor, so a context created inside it \
            gets a private queue. Even on the main queue a new context is its own scratchpad: it shares \
            the store and the queue with mainContext, not its registered objects.
            """,
        rule: "To get a background context from MainActor code, create it in Task.detached (or use newBackgroundContext()), never in Task {}.",
        whereToLook: [
            "Sources/Scenarios/TaskVersusDetached/TaskVersusDetached.swift",
            "Sources/Scenarios/TaskVersusDetached/ItemListView.swift",
            "Tests/ScenariosTests/TaskVersusDetachedTests.swift",
            "Tests/ScenariosTests/TaskVersusDetachedXCTests.swift",
            "Sources/PersistenceCore/Context/ModelContext.swift",
        ])

    /// `mainContext` and a second context created on the main queue, after an item was inserted
    /// into `mainContext` and saved.
    public struct TwoMainContexts: Sendable, Codable, Hashable {
        /// The label of `mainContext`'s queue.
        public var mainContextQueue: String
        /// The label of the second context's queue.
        public var secondContextQueue: String
        /// The second context's queue kind.
        public var secondContextKind: QueueKind
        /// Whether the second context is the very same object as `mainContext`.
        public var secondIsMainContext: Bool
        /// Whether `mainContext.registeredModel(for:)` finds the item.
        public var registeredInMainContext: Bool
        /// Whether the second context's `registeredModel(for:)` finds it.
        public var registeredInSecondContext: Bool
        /// Whether the second context finds it in the store (`existingModel`).
        public var secondContextFindsItInTheStore: Bool
        /// Whether what the second context found is the same object as `mainContext`'s.
        public var sameObjectInBoth: Bool
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// The wrong way: a button's `Task {}`.
        public var inTask: ContextFacts
        /// The wrong way: a `.task` closure.
        public var inTaskModifier: ContextFacts
        /// The right way: a button's `Task.detached {}`.
        public var inDetachedTask: ContextFacts
        /// `mainContext` and a second main-queue context side by side.
        public var twoMainContexts: TwoMainContexts
    }

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        let container = try environment.makeContainer(for: [Item.self], name: "task-vs-detached")
        let (inTask, inTaskModifier, inDetachedTask) = await Self.tapEveryButton(container)
        let twoMainContexts = try await Self.compareMainContexts(
            try environment.makeContainer(for: [Item.self], name: "task-vs-detached-two-main-contexts"))
        return Outcome(inTask: inTask, inTaskModifier: inTaskModifier, inDetachedTask: inDetachedTask,
                       twoMainContexts: twoMainContexts)
    }

    /// Shows the view and uses it as SwiftUI would: on the MainActor.
    @MainActor
    static func tapEveryButton(_ container: ModelContainer) async -> (ContextFacts, ContextFacts, ContextFacts) {
        let view = ItemListView(modelContext: container.mainContext)
        let inTask = await view.createContextButtonTapped().value
        let inTaskModifier = await view.task()
        let inDetachedTask = await view.createBackgroundContextButtonTapped().value
        return (inTask, inTaskModifier, inDetachedTask)
    }

    /// On the main queue: inserts and saves an item in `mainContext`, then asks a second
    /// main-queue context about it.
    @MainActor
    static func compareMainContexts(_ container: ModelContainer) throws -> TwoMainContexts {
        let mainContext = container.mainContext
        let second = ModelContext(container)  // created on the main queue: a main-queue context
        let item = Item(timestamp: .now)
        mainContext.insert(item)
        try mainContext.save()
        let id = item.persistentModelID

        // Ask each context what it has registered before the second one loads anything.
        let registeredInMainContext = (mainContext.registeredModel(for: id) as Item?) != nil
        let registeredInSecondContext = (second.registeredModel(for: id) as Item?) != nil
        let foundInStore = try? second.existingModel(for: id, as: Item.self)
        return TwoMainContexts(
            mainContextQueue: mainContext.queueLabel,
            secondContextQueue: second.queueLabel,
            secondContextKind: QueueKind(second.concurrencyType),
            secondIsMainContext: second === mainContext,
            registeredInMainContext: registeredInMainContext,
            registeredInSecondContext: registeredInSecondContext,
            secondContextFindsItInTheStore: foundInStore != nil,
            sameObjectInBoth: foundInStore === item)
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        func line(_ place: String, _ facts: ContextFacts) -> String {
            "\(place): created on '\(facts.createdOn)', the context is .\(facts.kind.rawValue) on '\(facts.queueLabel)'."
        }
        let two = outcome.twoMainContexts
        let wrongWay = [
            line("Button { Task { ModelContext(container) } }", outcome.inTask),
            line(".task { ModelContext(container) }", outcome.inTaskModifier),
            "Both meant a background context and got the main queue: their work would block the UI.",
        ]
        let rightWay = [
            line("Button { Task.detached { ModelContext(container) } }", outcome.inDetachedTask),
            "A second context created on the main queue runs on '\(two.secondContextQueue)', as mainContext does "
                + "('\(two.mainContextQueue)'), but is \(two.secondIsMainContext ? "the same object" : "another object").",
            "An item inserted and saved in mainContext: mainContext.registeredModel → \(two.registeredInMainContext ? "the item" : "nil"), "
                + "the second context's → \(two.registeredInSecondContext ? "the item" : "nil"). The second context "
                + (two.secondContextFindsItInTheStore ? "loads it from the store" : "cannot load it from the store")
                + (two.sameObjectInBoth ? ", as the very same object." : ", as a second object of its own."),
        ]
        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay, demonstrated: Self.isDemonstrated(by: outcome))
    }

    /// `Task {}` and `.task` made main-queue contexts, `Task.detached` a private one, and two
    /// main-queue contexts kept separate registered objects.
    static func isDemonstrated(by outcome: Outcome) -> Bool {
        let mainLabel = "com.apple.main-thread"
        let wrong = [outcome.inTask, outcome.inTaskModifier].allSatisfy {
            $0.kind == .mainQueue && $0.createdOn == mainLabel && $0.queueLabel == mainLabel
        }
        let detached = outcome.inDetachedTask
        let right = detached.kind == .privateQueue && detached.createdOn != mainLabel
            && detached.queueLabel.hasPrefix("ModelContext 0x")
        let two = outcome.twoMainContexts
        let separate = two.mainContextQueue == mainLabel && two.secondContextQueue == mainLabel
            && two.secondContextKind == .mainQueue && !two.secondIsMainContext
            && two.registeredInMainContext && !two.registeredInSecondContext
            && two.secondContextFindsItInTheStore && !two.sameObjectInBoth
        return wrong && right && separate
    }
}
