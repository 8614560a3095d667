import Foundation
import LabSupport
import PersistenceCore
import SampleModels

/// "The list of trips takes a second to appear": a relationship is a fault until touched, and
/// touching one is a read of the store, on the queue that touches it.
///
/// 1. **The wrong queue**: a trip fetched on the main context, its `stops` read from a detached
///    task. The relationship obeys the queue rule like an attribute: concurrency debugging
///    reports `Trip.stops get` (and traps under `.trap`); inside `perform` it does not.
/// 2. **N+1 on the main queue**: the main context fetches the trips and the list reads every
///    trip's stops: one read for the trips, one per trip for its stops, one per stop for its row.
///    A ``MainQueueHeartbeat`` measures how long the main queue was held.
/// 3. **Prefetching on the main queue**: `relationshipKeyPathsForPrefetching = [\Trip.stops]`
///    reads every trip's stops with the fetch: the trips, then their stops in one more read per
///    500 trips at most, however many stops (two reads for this list's 200 trips).
/// 4. **Prefetching in the background**: a background context reads the same and hands the main
///    queue ``TripSummary`` values; the main queue only shows them.
public struct RelationshipFaults: Lesson {
    public static let info = LessonInfo(
        id: "relationship-faults",
        title: "Relationship faults: the wrong queue, and N+1 reads on the main queue",
        articles: [.coreDataTips, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Both frameworks: a relationship is a fault until touched (Core Data, every version; SwiftData, iOS 17 and later): touched off its queue it is a data race, and on the main queue one read per object.",
            rightWay: "Both: relationshipKeyPathsForPrefetching (Core Data's NSFetchRequest, SwiftData's FetchDescriptor), read in the background, values handed to the main queue."),
        why: """
            A trip's stops are not read with the trip: the relationship is a fault, and touching it \
            reads the store, on whatever queue touches it. From another queue that is article 003's \
            rule broken, as for any attribute, and concurrency debugging reports it. On the right \
            queue it is a hidden cost: a list that shows each trip's stops reads the trips once, \
            then each trip's stops, then each stop, one read per object (N+1), all on the main \
            queue. Prefetching reads every trip's stops with the fetch; doing that in a background \
            context and handing values to the main queue (article 004) leaves the main queue free.
            """,
        rule: "Touch relationships only on their context's queue; prefetch the relationships a list shows (relationshipKeyPathsForPrefetching), and read them in the background, handing values to the main queue.",
        whereToLook: [
            "Sources/Lessons/RelationshipFaults/RelationshipFaults.swift",
            "Sources/Lessons/RelationshipFaults/TripSummary.swift",
            "Sources/SampleModels/Trip.swift",
            "Sources/PersistenceCore/Relationships/BackingData+Relationships.swift",
            "Sources/PersistenceCore/Relationships/ModelContext+RelationshipFaults.swift",
            "Sources/PersistenceCore/Relationships/ModelContext+Prefetching.swift",
            "Sources/Lessons/RelationshipFaults/RelationshipFaults+Outcome.swift",
            "Sources/Lessons/RelationshipFaults/RelationshipFaults+Report.swift",
            "Tests/LessonsTests/RelationshipFaultsTests.swift",
        ])

    /// The list's size: trips, and stops per trip.
    public static let trips = 200, stopsPerTrip = 20

    /// Each list is made this many times, on a fresh context each time, and its quickest times
    /// kept: compared once each, faulting and prefetching could be ordered by a pause of the
    /// machine (another process, a busy CI runner) rather than by the reads. The attempts of the
    /// three lists take turns, so that a busy stretch of the machine falls on each of them.
    public static let attempts = 5

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let wrongQueue = try await readOffQueue(in: environment)
        let container = try environment.makeContainer(for: [Trip.self], name: "relationship-faults")
        try await Self.saveTrips(Self.trips, stopsPerTrip: Self.stopsPerTrip, in: container)
        var faulting: ListRun?, prefetching: ListRun?, background: ListRun?
        for _ in 0..<Self.attempts {
            faulting = try await quickest(faulting, showList(from: container, on: ModelContext(container, concurrencyType: .mainQueue), prefetching: false))
            prefetching = try await quickest(prefetching, showList(from: container, on: ModelContext(container, concurrencyType: .mainQueue), prefetching: true))
            background = try await quickest(background, showList(from: container, on: container.newBackgroundContext(), prefetching: true))
        }
        guard let faulting, let prefetching, let background else { preconditionFailure("attempts is at least 1") }
        return Outcome(wrongQueue: wrongQueue, faultingOnMain: faulting, prefetchingOnMain: prefetching,
                       prefetchingInBackground: background)
    }

    // MARK: The wrong queue

    /// A trip fetched on the main context; its stops read from a detached task, then inside `perform`.
    private func readOffQueue(in environment: LessonEnvironment) async throws -> WrongQueue {
        let container = try environment.makeContainer(for: [Trip.self], name: "relationship-faults-queue")
        try await Self.saveTrips(1, stopsPerTrip: 3, in: container)
        let mainContext = container.viewContext
        mainContext.name = "main context, holding a trip"
        let trip = try await mainContext.perform { Smuggled(try mainContext.fetch(FetchDescriptor<Trip>())[0]) }
        let (offQueue, violations) = await ConcurrencyDebug.withMode(.record) {
            await Task.detached { trip.value.stops.count }.value
        }
        let (onQueue, noViolations) = await ConcurrencyDebug.withMode(.record) {
            await mainContext.perform { trip.value.stops.count }
        }
        return WrongQueue(stopsReadOffQueue: offQueue, violations: violations.recorded(against: mainContext.queueLabel),
                          stopsReadInPerform: onQueue, violationsInPerform: noViolations.count)
    }

    // MARK: The list

    /// The quicker times of `best` so far and `run`, and the most reads either needed.
    private func quickest(_ best: ListRun?, _ run: ListRun) -> ListRun {
        best.map { $0.keepingQuickest(run) } ?? run
    }

    /// The list made on `context`: every trip's stops read there, while a heartbeat watches the
    /// main queue; the store's reads counted.
    private func showList(from container: ModelContainer, on context: ModelContext, prefetching: Bool) async throws -> ListRun {
        context.name = context.concurrencyType == .mainQueue
            ? "list (main context), \(prefetching ? "prefetching" : "faulting")" : "list (background context), prefetching"
        let heartbeat = MainQueueHeartbeat()
        let readsBefore = container.readCount
        let clock = ContinuousClock()
        let ((summaries, elapsed), recording) = try await heartbeat.measure {
            let started = clock.now
            let summaries = try await Self.summaries(on: context, prefetching: prefetching)
            // The main queue shows what it got: a block on it, as a view's update would be.
            let shown = await DispatchQueue.main.asyncAndAwait { summaries.count }
            precondition(shown == summaries.count)
            return (summaries, clock.now - started)
        }
        return ListRun(queueLabel: context.queueLabel, prefetching: prefetching, summaries: summaries,
                       reads: container.readCount - readsBefore, milliseconds: elapsed.milliseconds,
                       maxDelayMilliseconds: recording.maxDelay.milliseconds,
                       blockedMilliseconds: recording.blockedTime.milliseconds)
    }
}
