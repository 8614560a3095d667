import Dispatch
import Foundation
import PersistenceCore
import SampleModels

/// Starves Swift's cooperative thread pool, or shows that suspending does not: what
/// `lesson-helper starved-pool` runs, in a child process the lesson watches (the hang must never happen in
/// the process that reports).
///
/// A context's queue is kept busy by a block that waits for a signal only a task can give. Then
/// one task per thread of the pool (one per core) asks for that queue:
///
/// - **blocking**: with `performAndWait`, each task blocks its pool thread until the queue is
///   free. Every pool thread waits, so the task that would free the queue never runs: the process
///   hangs for good, and prints `waiting` and nothing more.
/// - **suspending**: with `await context.perform`, each task suspends and gives its thread back;
///   the freeing task runs, the queue runs the tasks' blocks, and the process prints `done`.
///
/// The calling thread must not be a pool thread (the helper's main thread is not): it waits, on
/// semaphores, until every task has started, and only then starts the freeing task, so the pool
/// is full before it is asked for.
public enum PoolStarver {
    /// The line printed once every pool thread has its task.
    public static let waitingPrefix = "waiting"
    /// The line printed when every task finished.
    public static let doneLine = "done"

    /// Runs one way; `print` receives each line as it happens.
    public static func run(blocking: Bool, print: (String) -> Void) throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        context.name = "busy context"
        let release = DispatchSemaphore(value: 0)
        context.perform { release.wait() }  // the queue is busy until a task releases it

        let width = ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        for _ in 0..<width {
            Task.detached {
                started.signal()
                if blocking {
                    context.performAndWait { _ = context.hasChanges }  // blocks this pool thread
                } else {
                    await context.perform(schedule: .enqueued) { _ = context.hasChanges }  // suspends
                }
                finished.signal()
            }
        }
        for _ in 0..<width { started.wait() }
        print("\(waitingPrefix): \(width) tasks on \(width) pool threads, the queue busy until a task releases it")
        Task.detached { release.signal() }
        for _ in 0..<width { finished.wait() }
        print(doneLine)
    }
}

extension StarvedPool: SecondProcessLesson {
    /// `lesson-helper starved-pool blocking|suspending`: the pool starved in a process of its own.
    public static func secondProcess(_ arguments: [String], input: () -> String?, print: (String) -> Void) throws {
        guard arguments.count == 1, let way = arguments.first, ["blocking", "suspending"].contains(way) else {
            throw LessonError.badArguments("starved-pool takes one argument, blocking or suspending; it got \(arguments)")
        }
        try PoolStarver.run(blocking: way == "blocking", print: print)
    }
}
