#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the explorer meets the Swift runtime: the hook through which every job bound for the
/// global concurrent executor passes before the runtime sees it.
///
/// Timers have no hook that works here: with Swift 6.3 on Linux, `Task.sleep` never calls
/// `swift_task_enqueueGlobalWithDelay_hook` or its deadline sibling (checked with a program that
/// set both); the sleeping task's job passes through the global hook like any other, without its
/// deadline. A sleep still pending is noticed when nothing else can run (see ``ScheduleRun``).
/// Nor is `swift_task_enqueueMainExecutor_hook` ever called (a `MainActor.run` checked the same
/// way): a MainActor job goes straight to the main queue, and comes back as work that escaped.
///
/// The runtime exports each hook as a pointer to an optional function (`swift_task_enqueueGlobal_hook`
/// and its siblings in the runtime's `Hooks.cpp`); swift-concurrency-extras' `MainSerialExecutor`
/// reaches the global one the same way. Set once, they ask ``ScheduleRun`` whether a job belongs
/// to the exploration under way; any other job (another test's, the lab's own) goes to the
/// runtime untouched, so the hooks cost one atomic load when nothing is explored.
///
/// Jobs for a custom executor never pass through here: a model actor's jobs are held where its
/// ``ModelContextExecutor`` enqueues them, on its context's queue.
enum RuntimeHooks {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Installs the hooks, once per process; later calls do nothing.
    static func install() {
        _ = installed
    }

    private static let installed: Bool = {
        let process = dlopen(nil, RTLD_LAZY)
        if let global = dlsym(process, "swift_task_enqueueGlobal_hook") {
            global.assumingMemoryBound(to: Hook?.self).pointee = { job, original in
                if !ScheduleRun.holdRuntimeJob(job, sentTo: .global) { original(job) }
            }
        }
        return true
    }()
}
