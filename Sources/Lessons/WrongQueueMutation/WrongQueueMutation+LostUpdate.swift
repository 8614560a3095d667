import Foundation
import PersistenceCore
import SampleModels

extension WrongQueueMutation {
    /// Two increments of one item's `count`, interleaved by gates so that one update is lost on
    /// every run, not only when the scheduler happens to allow it.
    ///
    /// ```
    /// // thread A                      thread B
    /// // read count (0)
    /// //                               read count (0)
    /// //                               write count = 1
    /// // write count = 1               ← B's increment is lost
    /// ```
    ///
    /// Each step waits for the one before it at a gate, so the threads never touch the item
    /// at the same moment: ThreadSanitizer sees no data race, yet the update is lost. That is the
    /// lost-update race, which `.autoDispatch` (each access hops on its own) cannot prevent.
    /// Inside `performAndWait` the two increments cannot interleave at all.
    public static func forcedInterleaving(_ lane: RaceLane, in environment: LessonEnvironment) async throws -> RaceTally {
        let container = try environment.makeContainer(for: [Item.self], name: "wrong-queue-mutation-forced-\(lane.rawValue)")
        container.accessPolicy = lane == .autoDispatch ? .autoDispatch : .confined
        let captured = try await CapturedItem.make(in: container)
        let item = captured.item, context = captured.context
        let aRead = ThreadGate(), bWrote = ThreadGate()
        let threadA: @Sendable () -> Void, threadB: @Sendable () -> Void
        switch lane {
        case .unsynchronised, .autoDispatch:
            threadA = {
                let read = item.value.count
                aRead.signal()
                bWrote.wait()
                item.value.count = read + 1
            }
            threadB = {
                aRead.wait()
                item.value.count = item.value.count + 1
                bWrote.signal()
            }
        case .perform:
            // The same order of starts, but each increment whole, on the context's queue.
            threadA = {
                context.performAndWait { item.value.count += 1 }
                aRead.signal()
            }
            threadB = {
                aRead.wait()
                context.performAndWait { item.value.count += 1 }
            }
        }
        _ = await ConcurrencyDebug.withMode(.off) {
            await ThreadRace.runEach([threadA, threadB])
        }
        return RaceTally(threads: 2, incrementsPerThread: 1, observed: await captured.count())
    }
}
