import Dispatch
import Foundation
import PersistenceCore
import SampleModels

/// Article 000: `ModelContext(container)` picks its queue from where it runs, so a context created
/// in `Task {}` inside a view is a main-queue context; `Task.detached {}` gives a private one. And a
/// second main-queue context is not `mainContext`: same queue, separate registered objects.
public struct TaskVsDetached: Lesson {
    public static let info = LessonInfo(
        id: "task-vs-detached",
        title: "Task {} or Task.detached {}: where a new context runs",
        articles: [.swiftDataConcurrency],
        frameworks: .init(
            wrongWay: "SwiftData (iOS 17 and later): ModelContext(container) takes the main queue when made on the MainActor, and Task {} started there stays on it.",
            rightWay: "SwiftData: make the context in Task.detached (or in a model actor made there). Core Data names the queue instead: newBackgroundContext() (iOS 10 and later) is always private."),
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
            "Sources/Lessons/TaskVsDetached/TaskVsDetached.swift",
            "Sources/Lessons/TaskVsDetached/TaskVsDetached+Outcome.swift",
            "Sources/Lessons/TaskVsDetached/TaskVsDetached+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
            "Sources/Lessons/TaskVsDetached/ItemListView.swift",
            "Sources/PersistenceCore/Context/ModelContext.swift",
        ])

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
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
        let view = ItemListView(modelContext: container.viewContext)
        let inTask = await view.createContextButtonTapped().value
        let inTaskModifier = await view.task()
        let inDetachedTask = await view.createBackgroundContextButtonTapped().value
        return (inTask, inTaskModifier, inDetachedTask)
    }

    /// On the main queue: inserts and saves an item in `mainContext`, then asks a second
    /// main-queue context about it.
    @MainActor
    static func compareMainContexts(_ container: ModelContainer) throws -> TwoMainContexts {
        let mainContext = container.viewContext
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
}
