import Dispatch
import PersistenceCore

/// Article 000's "Modify in Wrong Thread" and article 003's first rule: a model of a private
/// context changed from another queue.
///
/// The wrong way writes `item.count` from `DispatchQueue.global()`: under `ConcurrencyDebug`
/// `.off` it silently "works"; `.record` names the operation and both queues; `.trap` would stop
/// the process with that message (the tests make it happen, in an exit test). Then two threads
/// increment the same attribute, unsynchronised, and updates are lost. The right way runs the
/// same write with the container's `.autoDispatch` policy (SwiftData's second line of defense),
/// and the same increments inside `performAndWait`.
public struct WrongQueueMutation: Scenario {
    public static let info = ScenarioInfo(
        id: "wrong-queue-mutation",
        title: "A model changed from another queue",
        articles: [.swiftDataConcurrency, .coreDataTips],
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
            "Sources/Scenarios/WrongQueueMutation/WrongQueueMutation.swift",
            "Sources/Scenarios/WrongQueueMutation/CapturedItem.swift",
            "Sources/Scenarios/WrongQueueMutation/WrongQueueMutation+Race.swift",
            "Scripts/race-under-tsan.sh",
            "Tests/ScenariosTests/WrongQueueMutationTests.swift",
            "Tests/ScenariosTests/WrongQueueMutationXCTests.swift",
            "Sources/PersistenceCore/Debug/ConcurrencyDebug.swift",
            "Sources/PersistenceCore/Concurrency/AccessPolicy.swift",
        ])

    /// One write of `item.count` from `DispatchQueue.global()`, and what followed.
    public struct StrayWrite: Sendable, Codable, Hashable {
        /// The label of the item's context's queue.
        public var contextQueue: String
        /// The label of the queue the write ran on.
        public var writerQueue: String
        /// The value written.
        public var written: Int
        /// The value read back afterwards, on the context's queue.
        public var seen: Int
        /// Whether the context counted the item as changed.
        public var contextHasChanges: Bool
        /// What `ConcurrencyDebug` recorded against the context meanwhile.
        public var violations: [RecordedViolation]
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// `.off`, container `.confined`: the write lands and nothing notices.
        public var off: StrayWrite
        /// `.record`, container `.confined`: the write lands and one violation names both queues.
        public var record: StrayWrite
        /// What `.trap` would print and stop the process with: the recorded violation's description.
        public var trapMessage: String?
        /// `.record`, container `.autoDispatch`: the write hops onto the queue; nothing recorded.
        public var autoDispatch: StrayWrite
        /// Two threads incrementing unsynchronised; nil when this process did not run it
        /// (under ThreadSanitizer without `LAB_RACE_DEMO=1`).
        public var unsynchronisedRace: RaceTally?
        /// The same increments, each inside `performAndWait`.
        public var performRace: RaceTally
        /// The same increments under `.autoDispatch`: each access safe, `+=` still two steps.
        public var autoDispatchRace: RaceTally
    }

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        // The wrong way: the same stray write, with the checks off, then recording.
        let off = try await strayWrite(1, mode: .off, policy: .confined, in: environment, name: "off")
        let record = try await strayWrite(2, mode: .record, policy: .confined, in: environment, name: "record")

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

        return Outcome(off: off, record: record, trapMessage: record.violations.first?.description,
                       autoDispatch: autoDispatch, unsynchronisedRace: unsynchronised,
                       performRace: perform, autoDispatchRace: autoDispatchRace)
    }

    /// Writes `value` into a saved item's `count` from `DispatchQueue.global()` with the given
    /// debug mode and access policy, then reads back what happened on the context's queue.
    private func strayWrite(_ value: Int, mode: ConcurrencyDebug.Mode, policy: AccessPolicy,
                            in environment: ScenarioEnvironment, name: String) async throws -> StrayWrite {
        let container = try environment.makeContainer(for: [Item.self], name: "wrong-queue-mutation-\(name)")
        container.accessPolicy = policy
        let captured = try await CapturedItem.make(in: container)
        let (writerQueue, violations) = await ConcurrencyDebug.withMode(mode) {
            await captured.setCountFromAnotherQueue(value)
        }
        return StrayWrite(contextQueue: captured.context.queueLabel, writerQueue: writerQueue, written: value,
                          seen: await captured.count(), contextHasChanges: await captured.contextHasChanges(),
                          violations: violations.recorded(against: captured.context.queueLabel))
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        let off = outcome.off, record = outcome.record, auto = outcome.autoDispatch
        var wrongWay = [
            ".off: item.count = \(off.written) ran on '\(off.writerQueue)', but the item belongs to '\(off.contextQueue)'. "
                + "It landed (count is \(off.seen)), the context is \(off.contextHasChanges ? "dirty" : "clean"), "
                + "and \(off.violations.isEmpty ? "nothing noticed" : "\(off.violations.count) violation(s) were recorded").",
        ]
        if let violation = record.violations.first {
            wrongWay.append(".record: the same write was recorded: \(violation.operation) on '\(violation.thread)', "
                + "expected on '\(violation.expectedQueue)' (\(record.violations.count) violation(s)).")
        } else {
            wrongWay.append(".record: the same write was NOT recorded.")
        }
        if let message = outcome.trapMessage {
            wrongWay.append(".trap would stop the process with: \(message)")
        }
        if let race = outcome.unsynchronisedRace {
            wrongWay.append("\(race.threads) threads × \(race.incrementsPerThread) unsynchronised item.count += 1 under .off: "
                + "expected \(race.expected), observed \(race.observed): \(race.lost) updates lost"
                + (race.lost == 0 ? " this time (the race is still there: run Scripts/race-under-tsan.sh)." : "."))
        } else {
            wrongWay.append("The unsynchronised race was skipped: ThreadSanitizer watches this process. "
                + "Run Scripts/race-under-tsan.sh (LAB_RACE_DEMO=1) to see it reported.")
        }

        let perform = outcome.performRace, autoRace = outcome.autoDispatchRace
        let rightWay = [
            ".autoDispatch: the same stray write hopped onto '\(auto.contextQueue)': count is \(auto.seen), "
                + "the context is \(auto.contextHasChanges ? "dirty" : "clean"), \(auto.violations.count) violation(s) recorded.",
            "\(perform.threads) threads × \(perform.incrementsPerThread) item.count += 1, each inside performAndWait: "
                + "expected \(perform.expected), observed \(perform.observed): \(perform.lost) lost.",
            "Under .autoDispatch the get and the set of += hop separately, so the threads still interleave between them: "
                + "expected \(autoRace.expected), observed \(autoRace.observed): \(autoRace.lost) lost. No data race, "
                + "but a lost-update race: put the whole read-modify-write in perform.",
        ]

        var measurements: [Measurement] = []
        if let race = outcome.unsynchronisedRace {
            measurements.append(Measurement("updates lost, unsynchronised", Double(race.lost), unit: "of \(race.expected)"))
        }
        measurements.append(Measurement("updates lost, performAndWait", Double(perform.lost), unit: "of \(perform.expected)"))
        measurements.append(Measurement("updates lost, .autoDispatch", Double(autoRace.lost), unit: "of \(autoRace.expected)"))

        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements,
                              demonstrated: Self.isDemonstrated(by: outcome))
    }

    /// The pitfall showed (a silent write under `.off`, a violation naming both queues under
    /// `.record`) and the fixes held (the hop landed with nothing recorded, perform lost nothing).
    static func isDemonstrated(by outcome: Outcome) -> Bool {
        let off = outcome.off, record = outcome.record, auto = outcome.autoDispatch
        let silent = off.seen == off.written && off.violations.isEmpty
        let named = record.violations.count == 1
            && record.violations[0].expectedQueue == record.contextQueue
            && record.violations[0].thread == record.writerQueue
        let hopped = auto.seen == auto.written && auto.contextHasChanges && auto.violations.isEmpty
        let performKeptAll = outcome.performRace.lost == 0
        return silent && named && hopped && performKeptAll
    }
}
