import Dispatch
import Foundation

/// A `TaskExecutor` with a fixed number of threads of its own: a small stand-in for Swift's
/// cooperative pool, where a checker can run code that may block every thread it runs on.
///
/// A task started with `Task(executorPreference:)` (or inside `withTaskExecutorPreference`)
/// runs its nonisolated code here, and so do the child tasks it makes. If that code blocks all
/// of these threads, this executor stalls, and the rest of the process, Swift's own pool
/// included, does not notice. The executor says how many of its threads are running a job
/// (``busyThreads``), and lets a caller wait, with a bound, until none is and none is queued
/// (``waitUntilIdle(within:)``): then every task it runs is suspended or finished.
///
/// Guarded by an `NSCondition` (a pthread mutex and condition variable), which lets idle threads
/// sleep until a job arrives, and which ThreadSanitizer sees taken.
// @unchecked: `jobs`, `running`, `idleWaiters` and `isStopping` are only touched with `condition` held.
final class FixedThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// How many threads run the jobs.
    let threadCount: Int
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var running = 0
    private var idleWaiters: [DispatchSemaphore] = []
    private var isStopping = false

    /// Starts `threads` threads named `"<name> 1"`, `"<name> 2"`, … (keep `name` short: Linux
    /// shows 15 characters of a thread's name), which wait for jobs.
    init(threads: Int, name: String) {
        threadCount = threads
        for number in 1...threads {
            Thread { [self] in
                Thread.current.name = "\(name) \(number)"  // set here: on Linux, the running thread's own name
                runJobs()
            }.start()
        }
    }

    /// Queues `job`, behind the jobs already queued; the first free thread runs it.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// How many threads are running a job right now.
    var busyThreads: Int {
        condition.withLock { running }
    }

    /// Waits until no thread runs a job and no job is queued, or until `limit` has passed; true
    /// when it went idle. Blocks the caller: call it from a thread that is not this executor's
    /// nor the cooperative pool's (a dispatch thread).
    func waitUntilIdle(within limit: Duration) -> Bool {
        let idle = DispatchSemaphore(value: 0)
        let isIdle = condition.withLock {
            if running == 0 && jobs.isEmpty { return true }
            idleWaiters.append(idle)
            return false
        }
        return isIdle || idle.wait(timeout: .after(limit)) == .success
    }

    /// Lets each thread end once no job is left for it. A thread blocked in a job stays blocked
    /// until the job returns, then ends; a job queued after every thread ended never runs.
    func stop() {
        condition.withLock {
            isStopping = true
            condition.broadcast()
        }
    }

    /// One thread's life: take the oldest job, run it, and tell the idle waiters when nothing
    /// is left to run.
    private func runJobs() {
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
            condition.withLock {
                running -= 1
                if running == 0 && jobs.isEmpty {
                    idleWaiters.forEach { $0.signal() }
                    idleWaiters.removeAll()
                }
            }
        }
    }

    /// The oldest queued job, waiting for one if none is queued; nil once stopping with none left.
    private func nextJob() -> UnownedJob? {
        condition.withLock {
            while jobs.isEmpty && !isStopping { condition.wait() }
            guard !jobs.isEmpty else { return nil }
            running += 1
            return jobs.removeFirst()
        }
    }
}

extension DispatchTime {
    /// The time `duration` from now: a bound for a semaphore's `wait(timeout:)`.
    static func after(_ duration: Duration) -> DispatchTime {
        .now() + .nanoseconds(Int(duration / .nanoseconds(1)))
    }
}
