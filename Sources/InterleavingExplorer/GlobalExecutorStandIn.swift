/// The executor a held task job runs on, in place of the global concurrent executor.
///
/// Running a task's job "on" the global concurrent executor as a task executor
/// (`runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())`) makes the runtime
/// send the task's later hops straight to that executor, past the hook, where the explorer loses
/// them. On a serial executor of its own, every hop away goes back through the hook, and a
/// continuation resumed later comes back here, to ``enqueue(_:)``, which holds it again.
final class GlobalExecutorStandIn: SerialExecutor {
    static let shared = GlobalExecutorStandIn()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !ScheduleRun.holdRuntimeJob(job, sentTo: .standIn) {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}
