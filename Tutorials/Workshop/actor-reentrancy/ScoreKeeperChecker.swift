import Foundation
import PersistenceCore
import InterleavingExplorer
import SampleModels

/// The exercise's contract: a model actor that adds points after a referee confirms them.
protocol ScoreKeeping: ModelActor where ModelExecutorType == ModelContextExecutor {
    init(modelContainer: ModelContainer)
    /// Adds `points` to the count of the item `id` names, once `confirm` has returned, and saves.
    func addPoints(_ points: Int, to id: PersistentIdentifier, confirm: @Sendable () async -> Void) async throws
}

/// Runs two overlapping calls (2 points and 3 points) in every schedule the runtime allows, with
/// the explorer, and checks that every schedule ends at 5 and that each call asked the referee
/// before its points reached the store.
enum ScoreKeeperChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "actor-reentrancy",
        title: "Keep every point when the actor awaits",
        goal: "`ScoreKeeper` adds points to an item's count once a referee confirms them. Two calls that overlap sometimes lose points: not always, so a test that runs it once may pass. Make every point count in every order the runtime could run the two calls, and keep the referee's confirmation before the points are added. The checker runs the two calls in every schedule and prints the first one that loses points.",
        file: "Tutorials/Workshop/actor-reentrancy/ScoreKeeper.swift",
        exerciseCheck: "ScoreKeeperChecker.check(ScoreKeeper.self)",
        checkSolution: { await ScoreKeeperChecker.check(Solution.ScoreKeeper.self) }
    )

    /// What one schedule ended with.
    struct Run: Hashable, Sendable {
        var score: Int
        /// Whether some call's points were in the store before its referee had answered.
        var addedBeforeConfirming: Bool
    }

    static func check<Keeper: ScoreKeeping>(_ keeper: Keeper.Type) async -> [String] {
        do {
            let exploration = try await Interleavings.explore { () async throws -> Run in
                let container = try ModelContainer(for: Item.self, configuration: .inMemory)
                let setup = ModelContext(container, concurrencyType: .privateQueue)
                setup.name = "setup"
                let id = try await setup.perform {
                    let item = Item(timestamp: Date(timeIntervalSince1970: 0), title: "score")
                    setup.insert(item)
                    try setup.save()
                    return item.persistentModelID
                }
                let keeper = Keeper(modelContainer: container)
                keeper.modelExecutor.context.name = "ScoreKeeper"
                let early = Locked(false)
                // The referee: suspends once, and notes whether the store already counts more
                // than the calls that had an answer before this one.
                let answered = Locked(0)
                let referee: @Sendable (Int) -> (@Sendable () async -> Void) = { points in
                    {
                        let reader = ModelContext(container, concurrencyType: .privateQueue)
                        reader.name = "referee (\(points) points)"
                        let stored = await reader.perform { (try? reader.existingModel(for: id, as: Item.self).count) ?? 0 }
                        if stored > answered.value { early.withLock { $0 = true } }
                        await Task.yield()
                        answered.withLock { $0 += points }
                    }
                }
                async let two: Void = keeper.addPoints(2, to: id, confirm: referee(2))
                async let three: Void = keeper.addPoints(3, to: id, confirm: referee(3))
                _ = try await (two, three)
                let reader = ModelContext(container, concurrencyType: .privateQueue)
                reader.name = "final read"
                let score = try await reader.perform { try reader.existingModel(for: id, as: Item.self).count }
                return Run(score: score, addedBeforeConfirming: early.value)
            }
            var findings: [String] = []
            let total = exploration.scheduleCount
            let losing = exploration.count(where: { $0.score != 5 })
            if losing > 0, let first = exploration.firstSchedule(where: { $0.score != 5 }) {
                let scores = exploration.outcomes.keys.map { $0.score }.filter { $0 != 5 }.sorted()
                findings.append("Two calls (2 points and 3 points) ended below 5 in \(losing) of \(total) schedules "
                    + "(scores \(scores.map(String.init).joined(separator: ", "))). The first such schedule:\n\(first.timeline)\n"
                    + "Each row is a turn of one lane: a task, or a context's queue (your actor's jobs run on ScoreKeeper's).")
            }
            if exploration.count(where: { $0.addedBeforeConfirming }) > 0 {
                findings.append("In some schedules a call's points reached the store before its referee answered. "
                    + "Await the confirmation before changing the count.")
            }
            if !exploration.isExhaustive {
                findings.append("The explorer stopped at its limit of schedules before running them all.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Exploring two overlapping addPoints calls")]
        }
    }
}
