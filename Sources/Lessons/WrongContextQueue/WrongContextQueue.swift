import PersistenceCore
import SampleModels

/// Article 003's two crashes under `-com.apple.CoreData.ConcurrencyDebug 1`: a main-queue context
/// called from a detached task, and a background context's new model assigned on the main queue;
/// then both fixed with `perform`.
///
/// The run records what `.trap` would stop on (`ConcurrencyDebug.withMode(.record)`); the tests
/// make both traps happen for real, in exit tests.
public struct WrongContextQueue: Lesson {
    public static let info = LessonInfo(
        id: "wrong-context-queue",
        title: "A Core Data context used from the wrong queue (in SwiftData, the compiler refuses it)",
        articles: [.coreDataTips],
        frameworks: .init(
            wrongWay: "Core Data (every version): viewContext can be named from any thread, so viewContext.reset() in Task.detached compiles and is a data race, stopped only by -com.apple.CoreData.ConcurrencyDebug 1. In SwiftData the same line does not compile: mainContext is @MainActor.",
            rightWay: "Core Data: perform, which runs the work on the context's own queue. SwiftData: use mainContext from the MainActor, and a model actor elsewhere."),
        why: """
            A context is bound to the queue it was created for, and so is every model it registers: \
            the main queue for the main context, a private queue for a background context. \
            Task.detached moves code off the main queue, so calling mainContext.reset() there touches \
            the main context's state from a pool thread; a model inserted into a background context \
            belongs to that context's private queue even when the code creating it runs on the main \
            queue. Without the concurrency-debug flag both usually run fine, which is how such bugs \
            reach users; with it each stops at once. perform runs the work on the context's own \
            queue, wherever the caller is.
            """,
        rule: "Call a context and touch its models only on its queue: in Core Data, unless you are sure you are on the main queue with the view context, use perform; in SwiftData, mainContext is @MainActor and the compiler holds you to it.",
        whereToLook: [
            "Sources/PersistenceCore/Concurrency/QueueWatchdog.swift",
            "Sources/Lessons/WrongContextQueue/WrongContextQueue.swift",
            "Sources/Lessons/WrongContextQueue/WrongContextQueue+Outcome.swift",
            "Sources/Lessons/WrongContextQueue/WrongContextQueue+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
            "Sources/Lessons/WrongContextQueue/WrongContextQueue+Steps.swift",
            "Tests/LessonsTests/WrongContextQueueTests.swift",
            "Sources/PersistenceCore/Context/ModelContext+Perform.swift",
        ])

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        // The wrong ways, recorded instead of trapping.
        let wrongReset = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-reset")
        let (resetRanOn, resetViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.resetMainContextFromDetachedTask(wrongReset)
        }
        let wrongAssignment = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-assignment")
        let background = wrongAssignment.newBackgroundContext()
        background.name = "background context"
        let (assignmentRanOn, assignmentViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.assignBackgroundItemOnMainQueue(background)
        }

        // The right ways, on new containers, recorded the same way.
        let rightReset = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-reset-perform")
        let (fixedResetRanOn, fixedResetViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.resetMainContextWithPerform(rightReset)
        }
        let mainQueueAsync = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-reset-main-async")
        let (asyncRanOn, asyncViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.resetMainContextWithMainQueueAsync(mainQueueAsync)
        }
        let mainActorRun = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-reset-main-actor")
        let (runRanOn, runViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.resetMainContextWithMainActorRun(mainActorRun)
        }
        let rightAssignment = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-assignment-perform")
        let fixedBackground = rightAssignment.newBackgroundContext()
        fixedBackground.name = "background context"
        let (fixedAssignmentRanOn, fixedAssignmentViolations) = try await ConcurrencyDebug.withMode(.record) {
            try await Self.assignBackgroundItemWithPerform(fixedBackground)
        }
        let saved = try await rightAssignment.performBackgroundTask { context in
            context.name = "checker"
            return try context.fetchCount(FetchDescriptor<Item>())
        }

        let mainLabel = wrongReset.viewContext.queueLabel
        return Outcome(
            resetFromDetachedTask: Attempt(ranOn: resetRanOn, contextQueue: mainLabel,
                                           violations: resetViolations.recorded(against: mainLabel)),
            assignmentOnMainQueue: Attempt(ranOn: assignmentRanOn, contextQueue: background.queueLabel,
                                           violations: assignmentViolations.recorded(against: background.queueLabel)),
            resetWithPerform: Attempt(ranOn: fixedResetRanOn, contextQueue: mainLabel,
                                      violations: fixedResetViolations.recorded(against: mainLabel)),
            resetWithMainQueueAsync: Attempt(ranOn: asyncRanOn, contextQueue: mainLabel,
                                             violations: asyncViolations.recorded(against: mainLabel)),
            resetWithMainActorRun: Attempt(ranOn: runRanOn, contextQueue: mainLabel,
                                           violations: runViolations.recorded(against: mainLabel)),
            assignmentWithPerform: Attempt(ranOn: fixedAssignmentRanOn, contextQueue: fixedBackground.queueLabel,
                                           violations: fixedAssignmentViolations.recorded(against: fixedBackground.queueLabel)),
            itemsSavedByFix: saved)
    }
}
