/// When `perform(schedule:_:)` runs its block: Core Data's `NSManagedObjectContext.ScheduledTaskType`.
public enum ScheduledTaskType: Sendable, Hashable {
    /// Run at once if the caller is already on the context's queue, else enqueue.
    case immediate
    /// Always enqueue behind the work already on the queue.
    case enqueued
}
