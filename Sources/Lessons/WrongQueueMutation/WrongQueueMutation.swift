import Dispatch
import PersistenceCore
import SampleModels

/// Article 000's "Modify in Wrong Thread" and article 003's first rule: a model of a private
/// context changed from another queue.
///
/// The wrong way writes `item.count` from `DispatchQueue.global()`: under `ConcurrencyDebug`
/// `.off` it silently "works"; `.record` names the operation and both queues; `.trap` would stop
/// the process with that message (the tests make it happen, in an exit test). Then two threads
/// increment the same attribute, unsynchronised, and updates are lost. The right way runs the
/// same write with the container's `.autoDispatch` policy (SwiftData's second line of defense),
/// and the same increments inside `performAndWait`.
public struct WrongQueueMutation: Lesson {
    public static let info = LessonInfo(
        id: "wrong-queue-mutation",
        title: "A model changed from another queue",
        articles: [.swiftDataConcurrency, .coreDataTips],
        frameworks: .init(
            wrongWay: "Core Data (every version): a managed object changed off its context's queue is an unchecked data race, stopped only by -com.apple.CoreData.ConcurrencyDebug 1 (here ConcurrencyDebug's .trap). SwiftData hopped such a get or set to the context's queue on iOS 17 (article 000; here AccessPolicy.autoDispatch); later releases race again.",
            rightWay: "Core Data: perform or performAndWait on the model's context (both blocks are @Sendable: pass the identifier in). SwiftData (iOS 17 and later): a model actor; its ModelContext has no perform."),
        why: """
            A model's attributes are plain memory owned by its context's queue. Changed from another \
            queue, the write usually "works", and that is the danger: nothing stops it, and when two \
            threads do it at once they overwrite each other's updates (or worse, corrupt memory). Core \
            Data's -com.apple.CoreData.ConcurrencyDebug 1, here ConcurrencyDebug, turns the silent \
            mistake into a loud one that names both queues. SwiftData's second line of defense, here \
            the .autoDispatch access policy, hops each get and set onto the right queue, which makes \
            every single access safe but not a read-modify-write such as +=. Only work done on the \
            context's queue, in perform or on a model actor, is safe as a whole.
            """,
        rule: "Touch a model only on its context's queue: inside perform, or in a model actor.",
        whereToLook: [
            "Sources/Lessons/WrongQueueMutation/WrongQueueMutation.swift",
            "Sources/Lessons/WrongQueueMutation/WrongQueueMutation+Outcome.swift",
            "Sources/Lessons/WrongQueueMutation/WrongQueueMutation+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
            "Sources/Lessons/WrongQueueMutation/CapturedItem.swift",
            "Sources/Lessons/WrongQueueMutation/WrongQueueMutation+LostUpdate.swift",
            "Sources/Lessons/WrongQueueMutation/WrongQueueMutation+Race.swift",
            "Sources/Lessons/Support/IncrementRace.swift",
            "Scripts/tests/race-under-tsan.sh",
            "Tests/LessonsTests/WrongQueueMutationTests.swift",
            "Sources/PersistenceCore/Concurrency/QueueWatchdog.swift",
            "Sources/PersistenceCore/Debug/ConcurrencyDebug.swift",
            "Sources/PersistenceCore/Concurrency/AccessPolicy.swift",
        ])

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        // The wrong way: the same stray write, with the checks off, then recording.
        let off = try await strayWrite(1, mode: .off, policy: .confined, in: environment, name: "off")
        let record = try await strayWrite(2, mode: .record, policy: .confined, in: environment, name: "record")
        let backingData = try await strayWrite(4, mode: .record, policy: .confined, throughBackingData: true,
                                               in: environment, name: "backing-data")

        // The right way for a single access: SwiftData's hop onto the context's queue.
        let autoDispatch = try await strayWrite(3, mode: .record, policy: .autoDispatch, in: environment, name: "auto-dispatch")

        // The data race, then the same increments done right.
        // The race needs many increments to overlap on two cores; the right ways hop a queue per
        // increment, which costs microseconds each, so they run fewer (the lesson is the same).
        let increments = environment.size(test: 50_000, course: 500_000)
        let hoppingIncrements = environment.size(test: 20_000, course: 100_000)
        let unsynchronised = Self.racesInThisProcess
            ? try await Self.race(.unsynchronised, incrementsPerThread: increments, in: environment) : nil
        let perform = try await Self.race(.perform, incrementsPerThread: hoppingIncrements, in: environment)
        let autoDispatchRace = try await Self.race(.autoDispatch, incrementsPerThread: hoppingIncrements, in: environment)

        // The lost update, forced by gates so that it happens on every run, each way.
        var forced: [RaceLane: RaceTally] = [:]
        for lane in RaceLane.allCases {
            forced[lane] = try await Self.forcedInterleaving(lane, in: environment)
        }

        // The same increments done right, on contexts' queues, counted over every schedule.
        let explored = try await LessonExplorations.explore(Self.info.id)

        return Outcome(off: off, record: record, backingData: backingData, trapMessage: record.violations.first?.description,
                       autoDispatch: autoDispatch, forced: forced, unsynchronisedRace: unsynchronised,
                       performRace: perform, autoDispatchRace: autoDispatchRace, explored: explored)
    }

    /// Writes `value` into a saved item's `count` from `DispatchQueue.global()` with the given
    /// debug mode and access policy, then reads back what happened on the context's queue.
    ///
    /// With `throughBackingData`, the write is article 000's experiment instead:
    /// `item.persistentBackingData.setValue(forKey: \.count, to: value)`.
    private func strayWrite(_ value: Int, mode: ConcurrencyDebug.Mode, policy: AccessPolicy, throughBackingData: Bool = false,
                            in environment: LessonEnvironment, name: String) async throws -> StrayWrite {
        let container = try environment.makeContainer(for: [Item.self], name: "wrong-queue-mutation-\(name)")
        container.accessPolicy = policy
        let captured = try await CapturedItem.make(in: container)
        let (writerQueue, violations) = await ConcurrencyDebug.withMode(mode) {
            throughBackingData
                ? await captured.setCountThroughBackingDataFromAnotherQueue(value)
                : await captured.setCountFromAnotherQueue(value)
        }
        return StrayWrite(contextQueue: captured.context.queueLabel, writerQueue: writerQueue, written: value,
                          seen: await captured.count(), contextHasChanges: await captured.contextHasChanges(),
                          violations: violations.recorded(against: captured.context.queueLabel))
    }
}
