import Foundation
import PersistenceCore
import SampleModels
import Lessons

/// The exercise's contract: the context the views use, and how their changes reach the store.
@MainActor
protocol SavingStack: AnyObject {
    init(container: ModelContainer)
    /// Where views insert and read: a main-queue context.
    var viewContext: ModelContext { get }
    /// Writes everything the views changed to the store.
    func save() async throws
}

/// The views insert 200 items into the view context; `save()` must write them all to the store,
/// and no commit to the store may run on the main queue.
enum AppStackChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "private-parent-stack",
        title: "Write the store off the main queue, behind a private writer",
        goal: "The app's views insert into `viewContext`, and `save()` writes what they changed to the store. Today `viewContext` is the main context, so the store is written on the main queue and the UI freezes for as long as the file takes. Keep `viewContext` on the main queue, but make the store be written on a private queue.",
        file: "Tutorials/Workshop/private-parent-stack/AppStack.swift",
        exerciseCheck: "AppStackChecker.check(AppStack.self)",
        checkSolution: { await AppStackChecker.check(Solution.AppStack.self) }
    )

    @MainActor
    static func check<Stack: SavingStack>(_ stack: Stack.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let saves = SaveWatch(container: container)
            let app = Stack(container: container)
            let context = app.viewContext
            for number in 0..<200 { context.insert(Item(timestamp: Date(timeIntervalSince1970: Double(number)), count: number)) }
            let onMainQueue = context.concurrencyType == .mainQueue
            try await app.save()
            var findings: [String] = []
            if !onMainQueue {
                findings.append("`viewContext` is not a main-queue context: views read it on the MainActor.")
            }
            let queues = saves.stop().filter(\.commitsToTheStore).map(\.queueLabel)
            if queues.contains(DispatchQueue.main.label) {
                findings.append("The store was written on the main queue (\(queues.joined(separator: ", "))): the UI waits for the file for the whole save.")
            }
            let reader = container.newBackgroundContext()
            let stored = try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Item>()) }
            if stored != 200 {
                findings.append("After `save()`, the store holds \(stored) of the 200 items the views inserted.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Inserting and saving")]
        }
    }
}
