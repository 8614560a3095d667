import Foundation
import LabSupport
import PersistenceCore
import SampleModels

/// "The app froze, and nothing was even running": `performAndWait` inside async tasks blocks
/// threads of Swift's cooperative pool, which has one thread per core. With as many such tasks
/// as threads, while the context's queue waits for work only a task can do, nothing can ever run
/// again.
///
/// The hang happens in a child process (`lesson-helper starved-pool`, see ``PoolStarver``) that the lesson
/// watches with a time limit and stops; the same tasks with `await context.perform` finish. Then,
/// in this process, where `performAndWait` is fine: on the context's own queue, and from a
/// thread that is not a pool thread.
public struct StarvedPool: Lesson {
    public static let info = LessonInfo(
        id: "starved-pool",
        title: "A starved thread pool: performAndWait inside async tasks",
        articles: [.coreDataTips, .swiftDataConcurrency],
        frameworks: .init(
            wrongWay: "Core Data (async perform: iOS 15 and later): performAndWait inside Swift concurrency's pool. SwiftData's ModelContext has no performAndWait.",
            rightWay: "Core Data: await context.perform. SwiftData: await a model actor's method."),
        why: """
            Article 003 gives perform and performAndWait as equals, one asynchronous, one synchronous. \
            Inside Swift concurrency they are not: an async task runs on the cooperative pool, which \
            has one thread per core, and performAndWait blocks that thread until the context's queue \
            runs the block. A few such tasks (two on a two-core machine) while the queue waits for \
            something only a task can do, and every pool thread waits: nothing that could wake them \
            ever runs, and the app stops with no crash and nothing on any queue. await \
            context.perform suspends instead and gives the thread back. performAndWait stays right \
            where it was made for: on the context's own queue (it runs the block at once), and on \
            threads that are not the pool's.
            """,
        rule: "Inside async code, await context.perform (or use a model actor); never performAndWait, a semaphore wait or DispatchQueue.sync there: they block a thread the whole pool needs.",
        whereToLook: [
            "Sources/Lessons/StarvedPool/StarvedPool.swift",
            "Sources/Lessons/StarvedPool/PoolStarver.swift",
            "Sources/LabSupport/ChildProcess.swift",
            "Sources/lesson-helper/LessonHelper.swift",
            "Sources/PersistenceCore/Context/ModelContext+Perform.swift",
            "Sources/PersistenceCore/Concurrency/QueueOwnership.swift",
            "Sources/Lessons/StarvedPool/StarvedPool+Outcome.swift",
            "Sources/Lessons/StarvedPool/StarvedPool+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    /// How long a child whose pool is full gets to finish before the lesson calls it stalled: the
    /// outcome is decided once every pool thread waits; this only bounds how long it is watched.
    public static let stallLimit: Duration = .seconds(2)
    /// How long a child gets to start, or to finish when it can (generous: a slow machine).
    public static let startLimit: Duration = .seconds(60)

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        Outcome(cores: ProcessInfo.processInfo.activeProcessorCount,
                blocking: try await watchChild(blocking: true),
                suspending: try await watchChild(blocking: false),
                inPlace: try await performAndWaitWhereItBelongs())
    }

    // MARK: The wrong way and the right way, in a child

    /// Starts `lesson-helper starved-pool`, waits for every pool thread to have its task, then gives the
    /// child ``stallLimit`` (blocking) or ``startLimit`` (suspending) to finish, and stops it if
    /// it has not.
    private func watchChild(blocking: Bool) async throws -> ChildRun {
        let clock = ContinuousClock()
        let child = try Self.startSecondProcess([blocking ? "blocking" : "suspending"])
        let waiting = await child.nextLine(where: { $0.hasPrefix(PoolStarver.waitingPrefix) }, within: Self.startLimit)
        let filled = clock.now
        let done = await child.nextLine(where: { $0.hasPrefix(PoolStarver.doneLine) },
                                        within: blocking ? Self.stallLimit : Self.startLimit)
        let watched = clock.now - filled
        if done == nil { child.kill() }
        let end = await child.termination()
        return ChildRun(waitingLine: waiting, finished: done != nil, watchedMilliseconds: watched.milliseconds,
                        stoppedByTheLesson: done == nil && end?.bySignal == true && end?.status == SIGKILL,
                        exitStatus: end?.bySignal == false ? end?.status : nil)
    }

    // MARK: Where performAndWait is right

    /// `performAndWait` nested in the context's own `perform`, and called from a dispatch thread.
    private func performAndWaitWhereItBelongs() async throws -> InPlace {
        let context = try ModelContainer(for: [Item.self], configuration: .inMemory).newBackgroundContext()
        context.name = "context, performAndWait where it belongs"
        let nested = await context.perform {
            context.performAndWait { DispatchQueue.currentLabel == context.queueLabel }
        }
        let fromDispatchThread = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: context.performAndWait { DispatchQueue.currentLabel == context.queueLabel })
            }
        }
        return InPlace(nestedRanOnTheQueue: nested, fromDispatchThreadRanOnTheQueue: fromDispatchThread)
    }
}
