import PersistenceCore
import InterleavingExplorer

/// One race a lesson explores over every schedule, by name: what the lesson runs, `lab explore`
/// prints and replays, and the tests check.
public struct RaceExploration: Sendable {
    /// The lesson's id.
    public let lesson: String
    /// The race, in words; unique within the lesson.
    public let name: String
    /// One run of the race.
    public let body: @Sendable () async throws -> RaceOutcome

    /// Runs the body once per schedule.
    public func explore(limit: Int = 10_000) async throws -> ExploredRace {
        ExploredRace(name: name, exploration: try await Interleavings.explore(limit: limit, body))
    }

    /// Runs the body under `schedule` again.
    public func replay(_ schedule: Schedule) async throws -> RaceOutcome {
        try await Interleavings.replay(schedule, body)
    }
}

/// Every lesson's explored races, in course order: the one list the lessons, `lab explore` and
/// the tests read.
public enum LessonExplorations {
    public static let all: [RaceExploration] = [
        // wrong-queue-mutation: one perform protects a context, not the store.
        RaceExploration(lesson: "wrong-queue-mutation", name: "whole increments on one shared context, .error",
                        body: IncrementRace.body(sharingOneContext: true, shape: .whole, policy: .error)),
        RaceExploration(lesson: "wrong-queue-mutation", name: "whole increments on two contexts, .error",
                        body: IncrementRace.body(sharingOneContext: false, shape: .whole, policy: .error)),
        // actor-reentrancy: the wrong way and the three right ways.
    ] + ActorReentrancy.Way.allCases.map { way in
        RaceExploration(lesson: "actor-reentrancy", name: way.rawValue, body: ActorReentrancy.explorationBody(way))
    } + [
        // merge-conflicts: what the policy makes of two increments split over two performs.
        RaceExploration(lesson: "merge-conflicts", name: "split increments on two contexts, .mergeByPropertyObjectTrump",
                        body: IncrementRace.body(sharingOneContext: false, shape: .split, policy: .mergeByPropertyObjectTrump)),
        RaceExploration(lesson: "merge-conflicts", name: "split increments on two contexts, .error",
                        body: IncrementRace.body(sharingOneContext: false, shape: .split, policy: .error)),
    ]

    /// The races of lesson `id`, in order.
    public static func of(_ id: String) -> [RaceExploration] {
        all.filter { $0.lesson == id }
    }

    /// Every race of lesson `id`, explored, in order.
    public static func explore(_ id: String) async throws -> [ExploredRace] {
        var explored: [ExploredRace] = []
        for race in of(id) {
            explored.append(try await race.explore())
        }
        return explored
    }

    /// The ids of the lessons that explore a race, in course order.
    public static var lessons: [String] {
        LessonCatalog.infos.map(\.id).filter { !of($0).isEmpty }
    }
}
