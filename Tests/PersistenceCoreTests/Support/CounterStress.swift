import Foundation
@testable import PersistenceCore
import TestSupport

/// Many model actors incrementing one ``Counter`` row, each increment its own save.
///
/// With ``Strategy/refreshAndRetry`` the final value must be exactly actors × increments; with
/// ``Strategy/lastWriterWins`` some increments are silently lost, and the run counts how many.
enum CounterStress {
    /// How the writers' saves treat a row changed since they read it.
    enum Strategy: String, Sendable, CaseIterable {
        /// `.error`: a conflict throws, the writer refreshes and retries.
        case refreshAndRetry
        /// `.mergeByPropertyObjectTrump`: memory wins, the save succeeds, nobody retries.
        case lastWriterWins

        var policy: MergePolicy {
            switch self {
            case .refreshAndRetry: .error
            case .lastWriterWins: .mergeByPropertyObjectTrump
            }
        }
    }

    /// What one run left in the store, and what the writers counted on the way.
    struct Outcome: Sendable, CustomStringConvertible {
        /// actors × increments: what a counter that loses nothing ends at.
        let expected: Int
        /// The counter's value in the store at the end.
        let finalValue: Int
        /// Saves that returned without throwing, as the writers counted them.
        let successfulSaves: Int
        /// Saves the store committed on the counter's row, as `didSave` notifications counted them.
        let committedSaves: Int
        /// Conflicts the writers met (and retried) under `.error`.
        let conflicts: Int
        /// The row's `Z_OPT` at the end: 1 for the insert, plus one per committed update.
        let storedVersion: Int64
        /// How long the writers ran.
        let duration: Duration

        /// The writers' time in seconds.
        var seconds: Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }

        /// Increments that some later save overwrote.
        var lost: Int { expected - finalValue }

        var description: String {
            "final \(finalValue) of \(expected), lost \(lost), saves \(successfulSaves) (\(committedSaves) notified), conflicts retried \(conflicts), Z_OPT \(storedVersion), \(String(format: "%.3f", seconds)) s"
        }
    }

    /// Whether the full run (8 actors × 1,000 increments, 50 runs) was asked for: `LAB_STRESS_FULL=1`.
    static var isFullRunRequested: Bool {
        ProcessInfo.processInfo.environment["LAB_STRESS_FULL"] == "1"
    }

    /// One run in a new in-memory store: `actors` writers, each saving `increments` increments.
    static func run(actors: Int, increments: Int, strategy: Strategy) async throws -> Outcome {
        let container = try ModelContainer(for: Counter.self, configuration: .inMemory)
        let setup = container.newBackgroundContext()
        let id = try setup.performAndWait {
            let counter = Counter(value: 0)
            setup.insert(counter)
            try setup.save()
            return counter.persistentModelID
        }
        var writers: [CounterIncrementer] = []
        for _ in 0..<actors {
            let writer = CounterIncrementer(modelContainer: container)
            await writer.use(strategy.policy)
            writers.append(writer)
        }

        // Count committed saves apart from the writers: every save that updated the row posts didSave.
        let notified = Locked(0)
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) { note in
            if let changes = ModelContext.Changes(notification: note), changes.updated.contains(id) {
                notified.withLock { $0 += 1 }
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        let clock = ContinuousClock()
        let start = clock.now
        let (saves, conflicts) = try await withThrowingTaskGroup(of: (saves: Int, conflicts: Int).self) { group in
            for writer in writers {
                group.addTask {
                    var saves = 0, conflicts = 0
                    for _ in 0..<increments {
                        conflicts += try await writer.increment(id)
                        saves += 1  // increment returns only once its save went through
                    }
                    return (saves, conflicts)
                }
            }
            return try await group.reduce(into: (0, 0)) { total, writer in
                total.0 += writer.saves
                total.1 += writer.conflicts
            }
        }
        let duration = clock.now - start

        let reader = container.newBackgroundContext()
        let (value, version) = try reader.performAndWait {
            let counter = try reader.existingModel(for: id, as: Counter.self)
            return (counter.value, counter.backingData.version)
        }
        return Outcome(expected: actors * increments, finalValue: value, successfulSaves: saves,
                       committedSaves: notified.value, conflicts: conflicts, storedVersion: version, duration: duration)
    }
}
