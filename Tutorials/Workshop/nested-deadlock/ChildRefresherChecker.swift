import Foundation
import PersistenceCore
import InterleavingExplorer
import SampleModels

/// The exercise's contract: work the parent's queue runs that needs its child.
protocol ChildRefreshing: Sendable {
    init()
    /// Runs on `parent`'s queue (inside `parent.perform`); makes `child`, a child of `parent`,
    /// refresh its objects on the child's own queue.
    func refresh(_ child: ModelContext, from parent: ModelContext)
}

/// The child holds an item another context then changes and saves. Explores every order of two
/// blocks: the parent's, which calls `refresh(_:from:)`, and the child's, which fetches (through
/// the parent). No schedule may deadlock, and once both are done the child's item must show the
/// saved value: the refresh ran.
///
/// ```
/// // parent's queue                       child's queue
/// // refresh(child, from: parent)         fetchCount (reads through the parent's queue)
/// ```
enum ChildRefresherChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "nested-deadlock",
        title: "Stop the parent's queue from waiting for its child",
        goal: "`refresh(_:from:)` runs on a parent context's queue and asks its child to refresh its objects, waiting for it with `performAndWait`. A child reads through its parent, on the parent's queue: if the child's queue is busy with a fetch at that moment, each queue waits for the other and the app freezes for good, in some orders only. Make the child refresh without the parent's queue waiting for it.",
        file: "Tutorials/Workshop/nested-deadlock/ChildRefresher.swift",
        exerciseCheck: "ChildRefresherChecker.check(ChildRefresher.self)",
        checkSolution: { await ChildRefresherChecker.check(Solution.ChildRefresher.self) }
    )

    static func check<Refresher: ChildRefreshing>(_ refresher: Refresher.Type) async -> [String] {
        do {
            let exploration = try await Interleavings.explore { () async throws -> Bool in
                let container = try ModelContainer(for: Item.self, configuration: .inMemory)
                let writer = container.newBackgroundContext()
                writer.name = "another context"
                let id = try await writer.perform {
                    let item = Item(timestamp: Date(timeIntervalSince1970: 0), count: 0)
                    writer.insert(item)
                    try writer.save()
                    return item.persistentModelID
                }
                let parent = container.newBackgroundContext()
                parent.name = "parent"
                let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
                child.name = "child"
                _ = try await child.perform { try child.existingModel(for: id, as: Item.self).count }  // the child holds count 0
                try await writer.perform {
                    try writer.existingModel(for: id, as: Item.self).count = 5
                    try writer.save()
                }
                async let parentsBlock: Void = parent.perform { Refresher().refresh(child, from: parent) }
                async let childsBlock = child.perform { (try? child.fetchCount(FetchDescriptor<Item>())) ?? -1 }
                _ = await (parentsBlock, childsBlock)
                // Behind whatever the parent's block scheduled on the child: did the refresh run?
                return await child.perform(schedule: .enqueued) { (child.registeredModel(for: id) as Item?)?.count == 5 }
            }
            var findings: [String] = []
            let stale = exploration.count { !$0 }
            if stale > 0 {
                findings.append("In \(stale) of \(exploration.scheduleCount) orders, the child's item still showed count 0 after the refresh: "
                    + "the child never refreshed its objects (refreshAllObjects, on the child's queue).")
            }
            if exploration.deadlockCount > 0 {
                findings.append("\(exploration.deadlockCount) of \(exploration.scheduleCount) orders of the two blocks deadlock: "
                    + "the parent's queue waits for the child's while the child's fetch waits for the parent's. The first one:\n"
                    + (exploration.firstDeadlock?.timeline ?? "") + "\nA row per step, a column per queue or task.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Exploring the parent's and the child's blocks")]
        }
    }
}
