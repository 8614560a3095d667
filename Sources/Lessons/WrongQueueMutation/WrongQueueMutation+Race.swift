import Foundation
import PersistenceCore
import SampleModels

extension WrongQueueMutation {
    /// How `item.count += 1` is made safe, or not, in an increment race.
    public enum RaceLane: String, Sendable, Codable, CaseIterable {
        /// The mistake: each thread increments directly, with `ConcurrencyDebug` `.off` and the
        /// container `.confined`. Two threads read and write the same memory: a data race.
        case unsynchronised
        /// The fix: each increment runs inside the context's `performAndWait`, so the queue runs
        /// one whole read-modify-write at a time.
        case perform
        /// SwiftData's second line of defense: the container is `.autoDispatch`, so the get and
        /// the set each hop onto the queue. No data race, but `+=` is still two separate steps.
        case autoDispatch
    }

    /// The environment variable that asks for the deliberate data race even under
    /// ThreadSanitizer: `LAB_RACE_DEMO=1` (see `Scripts/tests/race-under-tsan.sh`).
    public static let raceDemoVariable = "LAB_RACE_DEMO"

    /// Whether `LAB_RACE_DEMO=1` is set.
    public static var isRaceDemoRequested: Bool {
        ProcessInfo.processInfo.environment[raceDemoVariable] == "1"
    }

    /// Whether this process runs the unsynchronised lane: always, except under ThreadSanitizer,
    /// where only `LAB_RACE_DEMO=1` lets it run.
    ///
    /// The race is deliberate: ThreadSanitizer would rightly report it and fail the suite's
    /// `swift test --sanitize=thread` run, so there it runs only when asked for.
    public static var racesInThisProcess: Bool {
        isRaceDemoRequested || !ThreadSanitizer.isActive
    }

    /// Two threads each run `item.count += 1` `incrementsPerThread` times on one saved item of a
    /// new container, the way `lane` says; returns what the count ended at.
    ///
    /// ```
    /// // race thread 1                  race thread 2
    /// // read count (41)
    /// //                                read count (41)
    /// // write count = 42
    /// //                                write count = 42   ← one increment lost
    /// ```
    public static func race(_ lane: RaceLane, incrementsPerThread: Int, threads: Int = 2,
                            in environment: LessonEnvironment) async throws -> RaceTally {
        let container = try environment.makeContainer(for: [Item.self], name: "wrong-queue-mutation-race-\(lane.rawValue)")
        container.accessPolicy = lane == .autoDispatch ? .autoDispatch : .confined
        let captured = try await CapturedItem.make(in: container)
        // Dirty the item on its queue first, so that the race is about `count` alone, and not
        // also about the context's table of changed objects, which the first change writes.
        let item = captured.item
        await captured.context.perform { item.value.timestamp = .now }

        let context = captured.context
        let increment: @Sendable () -> Void = switch lane {
        case .unsynchronised, .autoDispatch:
            { item.value.count += 1 }
        case .perform:
            { context.performAndWait { item.value.count += 1 } }
        }
        _ = await ConcurrencyDebug.withMode(.off) {
            await ThreadRace.run(threads: threads, iterations: incrementsPerThread, increment)
        }
        return RaceTally(threads: threads, incrementsPerThread: incrementsPerThread, observed: await captured.count())
    }
}
