import PersistenceCore
import SampleModels

/// Articles 000, 001 and 004's model actor, with an `await` in the middle of a read-modify-write:
/// two calls on one actor lose an update, with no data race and no warning.
///
/// The wrong way: `LikeCounter.like` reads an item's count, awaits a server's confirmation, then
/// writes the count it read plus one. Forced with signals (the first call waits until the second
/// has saved), one of two likes is lost on every run; explored over every schedule, it is lost in
/// some schedules and kept in others, which is why it passes a quick test. The right ways, each
/// explored to no losing schedule: save before awaiting; await first, then read-modify-write in
/// one step; or optimistic locking with a context per call, `.error` and a retry.
public struct ActorReentrancy: Lesson {
    public static let info = LessonInfo(
        id: "actor-reentrancy",
        title: "An actor that awaits between its read and its write loses updates",
        articles: [.swiftDataConcurrency, .customExecutor, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Swift actors, in either framework: a SwiftData @ModelActor (iOS 17 and later), like any actor over a Core Data context, loses an update when a method awaits between its read and its write.",
            rightWay: "Both: one synchronous read-modify-write per job; or, in Core Data, a context per call with the .error merge policy and a retry (SwiftData has no merge policy API)."),
        why: """
            A model actor makes every access to its context safe: its jobs run one at a time, on \
            its context's queue. But an actor runs one job at a time, not one method at a time. \
            At each await inside a method, the actor is free to run another call's job, and \
            actors are reentrant, so it does. A method that reads a count, awaits a server, then \
            writes the count it read plus one, writes a stale value when another call ran in \
            between: one update is lost, with no data race for ThreadSanitizer to find and no \
            warning from the compiler. Whether it happens depends on the schedule, so a quick \
            test passes. Keep each read-modify-write in one synchronous step (save before \
            awaiting, or await first), or detect the conflict: a context per call, the .error \
            merge policy, and a retry.
            """,
        rule: "In an actor, never await between reading a model and writing what you read: do the read-modify-write in one synchronous step, or detect the conflict and retry.",
        whereToLook: [
            "Sources/Lessons/ActorReentrancy/LikeCounter.swift",
            "Sources/Lessons/ActorReentrancy/ActorReentrancy.swift",
            "Sources/Lessons/ActorReentrancy/ActorReentrancy+Outcome.swift",
            "Sources/Lessons/ActorReentrancy/ActorReentrancy+Report.swift",
            "Sources/Lessons/Catalog/LessonExplorations.swift",
            "Sources/InterleavingExplorer/Interleavings.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        var forced: [Way: ForcedRun] = [:]
        for way in Way.allCases {
            forced[way] = try await Self.forcedInterleaving(way, in: environment)
        }
        return Outcome(forced: forced, explored: try await LessonExplorations.explore(Self.info.id))
    }

    /// The four ways to count a like: the wrong one, then the three right ones.
    public enum Way: String, Sendable, Codable, CaseIterable {
        /// `like`: read, await, write.
        case awaitBetweenReadAndWrite = "await between read and write"
        /// `likeThenConfirm`: read, write, save, then await.
        case saveBeforeAwaiting = "save before awaiting"
        /// `confirmThenLike`: await, then read-modify-write in one step.
        case awaitThenIncrement = "await first, then read-modify-write in one step"
        /// `likeWithRetry`: a context per call, `.error`, retry on conflict.
        case optimisticLocking = "a context per call, .error and a retry"
    }

    /// Two likes on one actor, the first one's await held open (by signals, never a sleep) until
    /// the second one has finished:
    ///
    /// ```
    /// // like A                        like B
    /// // read count (0)
    /// // await server… ─────────────┐
    /// //                            │  read count (0), await server, write 1, save
    /// // write 0 + 1 = 1, save  ◀───┘  ← B's like is lost
    /// ```
    static func forcedInterleaving(_ way: Way, in environment: LessonEnvironment) async throws -> ForcedRun {
        let container = try environment.makeContainer(for: [Item.self], name: "actor-reentrancy-\(way)")
        let id = try await IncrementRace.seed(container)
        let counter = LikeCounter(modelContainer: container)
        let firstIsWaiting = AsyncSignal(), secondSaved = AsyncSignal()
        let holdFirst: @Sendable () async -> Void = {
            firstIsWaiting.signal()
            await secondSaved.wait()
        }
        async let first = Self.like(id, on: counter, way: way, confirm: holdFirst)
        await firstIsWaiting.wait()
        let secondRetries = try await Self.like(id, on: counter, way: way, confirm: {})
        secondSaved.signal()
        let firstRetries = try await first
        return ForcedRun(count: try await IncrementRace.count(of: id, in: container), expected: 2,
                         retries: firstRetries + secondRetries)
    }

    /// One like, the given way; returns the retries it needed.
    static func like(_ id: PersistentIdentifier, on counter: LikeCounter, way: Way,
                     confirm: @escaping @Sendable () async -> Void) async throws -> Int {
        switch way {
        case .awaitBetweenReadAndWrite: try await counter.like(id, confirm: confirm)
        case .saveBeforeAwaiting: try await counter.likeThenConfirm(id, confirm: confirm)
        case .awaitThenIncrement: try await counter.confirmThenLike(id, confirm: confirm)
        case .optimisticLocking: return try await counter.likeWithRetry(id, confirm: confirm)
        }
        return 0
    }

    // tutorial:begin explore
    /// The body each way is explored with: two likes on one actor, in every order the runtime allows.
    static func explorationBody(_ way: Way) -> @Sendable () async throws -> RaceOutcome {
        {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let id = try await IncrementRace.seed(container)
            let counter = LikeCounter(modelContainer: container)
            counter.modelExecutor.context.name = "LikeCounter (model actor)"  // as a trace names its lane
            async let first = Self.like(id, on: counter, way: way, confirm: confirmWithServer)
            async let second = Self.like(id, on: counter, way: way, confirm: confirmWithServer)
            _ = try await (first, second)
            return try await IncrementRace.count(of: id, in: container) == 2 ? .keptBoth : .lostOne
        }
    }
    // tutorial:end explore
}
