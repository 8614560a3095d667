import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: a serial executor built over a context.
protocol ContextExecuting: SerialExecutor {
    /// The context whose models the actor's methods use.
    var context: ModelContext { get }
    init(context: ModelContext)
}

/// An actor whose executor is the learner's: it stamps every item in its context.
private actor StampingActor<Executor: ContextExecuting> {
    let executor: Executor
    let context: ModelContext

    init(executor: Executor) {
        self.executor = executor
        self.context = executor.context
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    func stampAll(_ date: Date) throws -> Int {
        let items = try context.fetch(FetchDescriptor<Item>())
        for item in items {
            item.timestamp = date
        }
        try context.save()
        return items.count
    }
}

/// Seeds three items, runs an actor on the learner's executor with `ConcurrencyDebug` recording,
/// and checks that its model accesses ran on the context's queue and its save landed.
enum ItemContextExecutorChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "model-actor-executor",
        title: "Run the actor on its context's queue",
        goal: "Article 001 builds a custom executor so that an actor's methods run where its context's models may be touched. This one is article 001's first `CustomExecutor`: it runs every job on a serial queue of its own. Serial, so no two jobs overlap, but it is not the context's queue, and every model access in the actor is a wrong-queue access. Make the executor run jobs on the context's queue.",
        file: "Tutorials/Workshop/model-actor-executor/ItemContextExecutor.swift",
        exerciseCheck: "ItemContextExecutorChecker.check(ItemContextExecutor.self)",
        checkSolution: { await ItemContextExecutorChecker.check(Solution.ItemContextExecutor.self) }
    )

    static func check<Executor: ContextExecuting>(_ executor: Executor.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            try context.performAndWait {
                for second in 0..<3 {
                    context.insert(Item(timestamp: Date(timeIntervalSince1970: Double(second))))
                }
                try context.save()
            }
            let actor = StampingActor(executor: Executor(context: context))
            let stamp = Date(timeIntervalSince1970: 1_000)

            let (stamped, violations) = try await ConcurrencyDebug.withMode(.record) {
                try await actor.stampAll(stamp)
            }

            var findings: [String] = []
            let offQueue = violations.against(context.queueLabel)
            if !offQueue.isEmpty {
                findings.append("The actor's methods did not run on its context's queue '\(context.queueLabel)': "
                    + "\(offQueue.summary). Send the jobs to the context's queue.")
            }
            let checker = container.newBackgroundContext()
            let inStore = try checker.performAndWait {
                try checker.fetchCount(FetchDescriptor<Item>(predicate: #Predicate { $0.timestamp == stamp }))
            }
            if stamped != 3 || inStore != 3 {
                findings.append("The actor stamped \(stamped) item(s) and the store holds \(inStore) stamped; expected 3.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Running an actor on the executor")]
        }
    }
}
