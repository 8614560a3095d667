import Foundation
import PersistenceCore
import InterleavingExplorer
import SampleModels
import Lessons

/// The exercise's contract: set a model's attribute safely from any thread.
protocol CountUpdating: Sendable {
    init()
    /// Sets `item.count` to `value`. The caller does not run on `context`'s queue.
    func setCount(_ value: Int, of item: Item, in context: ModelContext)
}

/// Calls `setCount` from a task off the context's queue, with `ConcurrencyDebug` recording, and
/// checks that the write landed and ran on the context's queue; then runs two overlapping calls
/// in every schedule the runtime allows, with the explorer, and checks each one the same way.
enum CountUpdaterChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "wrong-queue-mutation",
        title: "Fix this wrong-queue mutation",
        goal: "`setCount(_:of:in:)` is called from a background thread, but `item` belongs to `context`, a private-queue context. Today the write lands on the caller's thread: it \"works\", and it is a data race. Make the write happen on the context's queue.",
        file: "Tutorials/Workshop/wrong-queue-mutation/CountUpdater.swift",
        exerciseCheck: "CountUpdaterChecker.check(CountUpdater.self)",
        checkSolution: { await CountUpdaterChecker.check(Solution.CountUpdater.self) }
    )

    /// What one schedule of two overlapping calls ended with.
    struct Overlap: Hashable, Sendable {
        var offQueueWrites: Int
        var count: Int
    }

    static func check<Updater: CountUpdating>(_ updater: Updater.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            let item = try context.performAndWait {
                let item = Item(timestamp: Date(timeIntervalSince1970: 0))
                context.insert(item)
                try context.save()
                return item
            }

            // This checker runs on Swift's global concurrent executor: not the context's queue.
            let (_, violations) = await ConcurrencyDebug.withMode(.record) {
                Updater().setCount(42, of: item, in: context)
            }

            var findings: [String] = []
            let offQueue = violations.against(context.queueLabel)
            if !offQueue.isEmpty {
                findings.append("setCount wrote the item off its context's queue '\(context.queueLabel)': "
                    + "\(offQueue.summary). The write must run on the context's queue.")
            }
            let seen = context.runAndWait { item.count }
            if seen != 42 {
                findings.append("After setCount(42, …) the item's count is \(seen), not 42.")
            }
            return findings + (try await overlappingCalls(updater))
        } catch {
            return [finding(for: error, in: "Setting up the item")]
        }
    }

    /// Two calls at once, `setCount(1, …)` and `setCount(2, …)`, from two tasks, in every schedule.
    private static func overlappingCalls<Updater: CountUpdating>(_ updater: Updater.Type) async throws -> [String] {
        let (exploration, _) = try await ConcurrencyDebug.withMode(.record) {
            try await Interleavings.explore { () async throws -> Overlap in
                let container = try ModelContainer(for: Item.self, configuration: .inMemory)
                let context = container.newBackgroundContext()
                let item = Smuggled(try context.performAndWait {
                    let item = Item(timestamp: Date(timeIntervalSince1970: 0))
                    context.insert(item)
                    try context.save()
                    return item
                })
                let before = ConcurrencyDebug.violations.count
                async let one: Void = Updater().setCount(1, of: item.value, in: context)
                async let two: Void = Updater().setCount(2, of: item.value, in: context)
                _ = await (one, two)
                let count = context.performAndWait { item.value.count }
                return Overlap(offQueueWrites: ConcurrencyDebug.violations.count - before, count: count)
            }
        }
        let total = exploration.scheduleCount
        let offQueue = exploration.count(where: { $0.offQueueWrites > 0 })
        if offQueue > 0, let first = exploration.firstSchedule(where: { $0.offQueueWrites > 0 }) {
            return ["Two overlapping calls wrote off the context's queue in \(offQueue) of \(total) schedules. The first one:\n"
                + "\(first.timeline)\nEach row is a turn of one lane; a write belongs in a turn of the context's own lane."]
        }
        let lost = exploration.count(where: { ![1, 2].contains($0.count) })
        if lost > 0 {
            return ["Two overlapping calls, setCount(1, …) and setCount(2, …), left a count that is neither 1 nor 2 in \(lost) of \(total) schedules."]
        }
        return []
    }
}
