import Foundation
import LabSupport
import PersistenceCore
import InterleavingExplorer
import SampleModels

/// "The app froze when the sheet saved": a parent context's queue waits for its child while the
/// child waits for the parent.
///
/// A child context reads through its parent, on the parent's queue (Core Data fetches through a
/// parent this way). So a parent's block that waits for its child (`child.performAndWait`) while
/// the child's queue is busy with a fetch is two queues waiting for each other: neither ever runs
/// again. The lesson runs it in a child process (`lesson-helper nested-deadlock`, ``NestedWaits``) with
/// gates that make both blocks run at once, stops it when it stalls, and runs the fix (the
/// parent hands the child its work with `perform` and does not wait) to its end. Then it explores
/// the same two blocks without gates over every schedule: some deadlock, and the explorer shows
/// the first one; the fix's never do.
public struct NestedDeadlock: Lesson {
    public static let info = LessonInfo(
        id: "nested-deadlock",
        title: "A parent that waits for its child while the child reads through it: two queues stuck for good",
        articles: [.coreDataTips],
        frameworks: .init(
            wrongWay: "Core Data (nested contexts: iOS 5 and later): performAndWait from a parent's queue on a child that reads through it. SwiftData has neither nested contexts nor performAndWait.",
            rightWay: "Core Data: hand the child its work with perform, or await child.perform from a task that holds no context's queue."),
        why: """
            performAndWait blocks the caller until the other context's queue has run the block. A \
            child context reads through its parent, on the parent's queue: a child's fetch waits \
            for its parent. So a parent's block that calls child.performAndWait while the child's \
            queue is busy with a fetch makes each queue wait for the other, and neither runs \
            again: the app freezes, with no crash and no error. It happens only in some orders, so \
            a test may pass for months. Article 003 warns that performAndWait blocks; nested \
            contexts add the second half of the cycle. The fix: never block the parent's queue on \
            its child. Hand the child its work with perform, or wait for it from a task that holds \
            no context's queue (await child.perform).
            """,
        rule: "Never wait for a child context on its parent's queue: a child's reads wait for the parent, so hand the child its work with perform (or await it from code that holds no queue).",
        whereToLook: [
            "Sources/Lessons/NestedDeadlock/NestedDeadlock.swift",
            "Sources/Lessons/NestedDeadlock/NestedWaits.swift",
            "Sources/lesson-helper/LessonHelper.swift",
            "Sources/PersistenceCore/Nesting/ModelContext+ParentView.swift",
            "Sources/InterleavingExplorer/Interleavings.swift",
            "Sources/Lessons/NestedDeadlock/NestedDeadlock+Outcome.swift",
            "Sources/Lessons/NestedDeadlock/NestedDeadlock+Report.swift",
        ])

    /// How long a child process whose two queues both wait gets to finish before the lesson calls
    /// it stalled: the outcome is decided once both blocks run; this only bounds the watch.
    public static let stallLimit: Duration = .seconds(2)
    /// How long a child process gets to start, or to finish when it can (generous: a slow machine).
    public static let startLimit: Duration = .seconds(60)

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        Outcome(waiting: try await watchChild(.waiting), handingOver: try await watchChild(.handingOver),
                exploredWaiting: try await Explored(Interleavings.explore(Self.explorationBody(.waiting))),
                exploredHandingOver: try await Explored(Interleavings.explore(Self.explorationBody(.handingOver))))
    }

    /// Starts `lesson-helper nested-deadlock <way>`, waits until both blocks run, then gives it
    /// ``stallLimit`` (waiting) or ``startLimit`` (handing over) to finish, and stops it if not.
    private func watchChild(_ way: NestedWaits.Way) async throws -> ChildRun {
        let child = try Self.startSecondProcess([way.rawValue])
        let bothBusy = await child.nextLine(where: { $0 == NestedWaits.bothBusyLine }, within: Self.startLimit)
        let watched = ContinuousClock.now
        let done = await child.nextLine(where: { $0 == NestedWaits.doneLine },
                                        within: way == .waiting ? Self.stallLimit : Self.startLimit)
        if done == nil { child.kill() }
        let end = await child.termination()
        // The child process in a trace: its own lane, from both blocks running to its end.
        TraceRecorder.span(done != nil ? "both blocks finished" : "both queues wait for each other: stopped by the lesson",
                           on: "process lesson-helper nested-deadlock \(way.rawValue)", from: watched, to: .now)
        return ChildRun(bothBusy: bothBusy != nil, finished: done != nil,
                        stoppedByTheLesson: done == nil && end?.bySignal == true && end?.status == SIGKILL)
    }

    // tutorial:begin explore
    /// The two blocks without gates, as the explorer runs them in every order: the parent's block
    /// waits for the child (or hands it its work), the child's block fetches through the parent.
    /// True when both finished; a schedule in which they wait for each other ends in a deadlock.
    static func explorationBody(_ way: NestedWaits.Way) -> @Sendable () async throws -> Bool {
        {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let parent = container.newBackgroundContext()
            parent.name = "parent"
            // The lab's spelling; Core Data: NSManagedObjectContext(concurrencyType:) + parent.
            let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
            child.name = "child"
            async let parentsBlock: Void = parent.perform {
                if way == .waiting {
                    child.performAndWait { _ = child.hasChanges }
                }
            }
            async let childsBlock = child.perform { (try? child.fetchCount(FetchDescriptor<Item>())) ?? -1 }
            if way == .handingOver {
                await child.perform { _ = child.hasChanges }    // waited for here, holding no queue
            }
            _ = await (parentsBlock, childsBlock)
            return true
        }
    }
    // tutorial:end explore
}
