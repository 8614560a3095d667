import Dispatch
import Foundation
import PersistenceCore

/// A `TaskExecutor` with a fixed number of threads of its own: a small stand-in for Swift's
/// cooperative pool, where a checker can run code that may block every thread it runs on.
///
/// A task started with `Task(executorPreference:)` (or inside `withTaskExecutorPreference`)
/// runs its nonisolated code here, and so do the child tasks it makes. If that code blocks all
/// of these threads, this executor stalls, and the rest of the process, Swift's own pool
/// included, does not notice. The executor says how many of its threads are running a job
/// (``busyThreads``), and lets a caller wait, with a bound, until none is and none is queued
/// (``waitUntilIdle(within:)``): then every task it runs is suspended or finished.
final class FixedThreadExecutor: TaskExecutor, Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var running = 0
        var idleWaiters: [DispatchSemaphore] = []
        var isStopping = false
    }

    /// How many threads run the jobs.
    let threadCount: Int
    /// Idle threads sleep in `withLock(when:)` until a job arrives.
    private let state = Locked(State())

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
        state.withLock { $0.jobs.append(job) }
    }

    /// How many threads are running a job right now.
    var busyThreads: Int {
        state.withLock { $0.running }
    }

    /// Waits until no thread runs a job and no job is queued, or until `limit` has passed; true
    /// when it went idle. Blocks the caller: call it from a thread that is not this executor's
    /// nor the cooperative pool's (a dispatch thread).
    func waitUntilIdle(within limit: Duration) -> Bool {
        let idle = DispatchSemaphore(value: 0)
        let isIdle = state.withLock { state in
            if state.running == 0 && state.jobs.isEmpty { return true }
            state.idleWaiters.append(idle)
            return false
        }
        return isIdle || idle.wait(timeout: .after(limit)) == .success
    }

    /// Lets each thread end once no job is left for it. A thread blocked in a job stays blocked
    /// until the job returns, then ends; a job queued after every thread ended never runs.
    func stop() {
        state.withLock { $0.isStopping = true }
    }

    /// One thread's life: take the oldest job, run it, and tell the idle waiters when nothing
    /// is left to run.
    private func runJobs() {
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
            state.withLock { state in
                state.running -= 1
                if state.running == 0 && state.jobs.isEmpty {
                    state.idleWaiters.forEach { $0.signal() }
                    state.idleWaiters.removeAll()
                }
            }
        }
    }

    /// The oldest queued job, waiting for one if none is queued; nil once stopping with none left.
    private func nextJob() -> UnownedJob? {
        state.withLock(when: { !$0.jobs.isEmpty || $0.isStopping }) { state -> UnownedJob? in
            guard !state.jobs.isEmpty else { return nil }
            state.running += 1
            return state.jobs.removeFirst()
        }
    }
}

extension DispatchTime {
    /// The time `duration` from now: a bound for a semaphore's `wait(timeout:)`.
    static func after(_ duration: Duration) -> DispatchTime {
        .now() + .nanoseconds(Int(duration / .nanoseconds(1)))
    }
}
