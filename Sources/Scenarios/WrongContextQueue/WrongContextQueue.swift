import PersistenceCore

/// Article 003's two crashes under `-com.apple.CoreData.ConcurrencyDebug 1`: a main-queue context
/// called from a detached task, and a background context's new model assigned on the main queue;
/// then both fixed with `perform`.
///
/// The run records what `.trap` would stop on (`ConcurrencyDebug.withMode(.record)`); the tests
/// make both traps happen for real, in exit tests.
public struct WrongContextQueue: Scenario {
    public static let info = ScenarioInfo(
        id: "wrong-context-queue",
        title: "A context used from the wrong queue",
        articles: [.coreDataTips],
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
        rule: "Call a context and touch its models only on its queue: unless you are sure you are on the main queue with the main context, use perform.",
        whereToLook: [
            "Sources/Scenarios/WrongContextQueue/WrongContextQueue.swift",
            "Sources/Scenarios/WrongContextQueue/WrongContextQueue+Steps.swift",
            "Tests/ScenariosTests/WrongContextQueueTests.swift",
            "Tests/ScenariosTests/WrongContextQueueXCTests.swift",
            "Sources/PersistenceCore/Context/ModelContext+Perform.swift",
        ])

    /// One button's work, and what `ConcurrencyDebug` recorded against its context.
    public struct Attempt: Sendable, Codable, Hashable {
        /// The label of the queue the work ran on.
        public var ranOn: String
        /// The label of the context's queue.
        public var contextQueue: String
        /// The violations recorded against the context, in order.
        public var violations: [RecordedViolation]
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// Mistake 1: `mainContext.reset()` from `Task.detached`.
        public var resetFromDetachedTask: Attempt
        /// Mistake 2: a background context's new item inserted and assigned on the main queue.
        public var assignmentOnMainQueue: Attempt
        /// Fix 1: the reset inside the main context's `perform`.
        public var resetWithPerform: Attempt
        /// Fix 2: the insert and assignment inside the background context's `perform`.
        public var assignmentWithPerform: Attempt
        /// How many items the store holds after fix 2 saved.
        public var itemsSavedByFix: Int
    }

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        // The wrong ways, recorded instead of trapping.
        let wrongReset = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-reset")
        let (resetRanOn, resetViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.resetMainContextFromDetachedTask(wrongReset)
        }
        let wrongAssignment = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-assignment")
        let background = wrongAssignment.newBackgroundContext()
        let (assignmentRanOn, assignmentViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.assignBackgroundItemOnMainQueue(background)
        }

        // The right ways, on new containers, recorded the same way.
        let rightReset = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-reset-perform")
        let (fixedResetRanOn, fixedResetViolations) = await ConcurrencyDebug.withMode(.record) {
            await Self.resetMainContextWithPerform(rightReset)
        }
        let rightAssignment = try environment.makeContainer(for: [Item.self], name: "wrong-context-queue-assignment-perform")
        let fixedBackground = rightAssignment.newBackgroundContext()
        let (fixedAssignmentRanOn, fixedAssignmentViolations) = try await ConcurrencyDebug.withMode(.record) {
            try await Self.assignBackgroundItemWithPerform(fixedBackground)
        }
        let saved = try await rightAssignment.performBackgroundTask { context in
            try context.fetchCount(FetchDescriptor<Item>())
        }

        let mainLabel = wrongReset.mainContext.queueLabel
        return Outcome(
            resetFromDetachedTask: Attempt(ranOn: resetRanOn, contextQueue: mainLabel,
                                           violations: resetViolations.recorded(against: mainLabel)),
            assignmentOnMainQueue: Attempt(ranOn: assignmentRanOn, contextQueue: background.queueLabel,
                                           violations: assignmentViolations.recorded(against: background.queueLabel)),
            resetWithPerform: Attempt(ranOn: fixedResetRanOn, contextQueue: mainLabel,
                                      violations: fixedResetViolations.recorded(against: mainLabel)),
            assignmentWithPerform: Attempt(ranOn: fixedAssignmentRanOn, contextQueue: fixedBackground.queueLabel,
                                           violations: fixedAssignmentViolations.recorded(against: fixedBackground.queueLabel)),
            itemsSavedByFix: saved)
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        func recorded(_ attempt: Attempt) -> String {
            attempt.violations.isEmpty
                ? "nothing recorded"
                : attempt.violations.map { "\($0.operation) on '\($0.thread)'" }.joined(separator: ", ")
        }
        var wrongWay = [
            "mainContext.reset() in Task.detached ran on '\(outcome.resetFromDetachedTask.ranOn)', "
                + "but the main context runs on '\(outcome.resetFromDetachedTask.contextQueue)': "
                + "\(recorded(outcome.resetFromDetachedTask)).",
            "On the main queue ('\(outcome.assignmentOnMainQueue.ranOn)'), a new item was inserted into a background "
                + "context ('\(outcome.assignmentOnMainQueue.contextQueue)') and assigned: \(recorded(outcome.assignmentOnMainQueue)).",
        ]
        for attempt in [outcome.resetFromDetachedTask, outcome.assignmentOnMainQueue] {
            if let first = attempt.violations.first {
                wrongWay.append(".trap would stop the process with: \(first.description)")
            }
        }
        let rightWay = [
            "The reset inside mainContext.perform ran on '\(outcome.resetWithPerform.ranOn)': \(recorded(outcome.resetWithPerform)).",
            "The insert and assignment inside backgroundContext.perform ran on '\(outcome.assignmentWithPerform.ranOn)': "
                + "\(recorded(outcome.assignmentWithPerform)); the store holds \(outcome.itemsSavedByFix) item(s).",
        ]
        let measurements = [
            Measurement("violations, wrong ways", Double(outcome.resetFromDetachedTask.violations.count
                + outcome.assignmentOnMainQueue.violations.count), unit: "violations"),
            Measurement("violations, with perform", Double(outcome.resetWithPerform.violations.count
                + outcome.assignmentWithPerform.violations.count), unit: "violations"),
        ]
        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements,
                              demonstrated: Self.isDemonstrated(by: outcome))
    }

    /// Both mistakes were recorded against the right queue, and both fixes ran on it silently.
    static func isDemonstrated(by outcome: Outcome) -> Bool {
        let reset = outcome.resetFromDetachedTask, assignment = outcome.assignmentOnMainQueue
        let caught = reset.violations.map(\.operation) == ["ModelContext.reset()"]
            && reset.ranOn != reset.contextQueue
            && assignment.violations.map(\.operation) == ["ModelContext.insert(_:)", "Item.timestamp set"]
            && assignment.violations.allSatisfy { $0.thread == assignment.ranOn }
        let fixed = outcome.resetWithPerform.violations.isEmpty && outcome.assignmentWithPerform.violations.isEmpty
            && outcome.resetWithPerform.ranOn == outcome.resetWithPerform.contextQueue
            && outcome.assignmentWithPerform.ranOn == outcome.assignmentWithPerform.contextQueue
            && outcome.itemsSavedByFix == 1
        return caught && fixed
    }
}
