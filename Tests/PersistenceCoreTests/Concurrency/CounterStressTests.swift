import Foundation
import PersistenceCore
import Testing

/// Many model actors, one row, each increment a save: optimistic locking either keeps every
/// increment or, under a policy that resolves conflicts silently, loses some. Both are counted.
///
///     writer A                        writer B
///     refresh: value 41 (version 42)
///                                     refresh: value 41 (version 42)
///     value = 42, save (version 43)
///                                     value = 42, save → conflict (42 vs 43)
///                                       .error: nothing written; refresh (42), value = 43, save
///                                       objectTrump: memory wins, 42 is written: A's increment is lost
///
/// The suite runs a small version; `Scripts/tests/stress.sh` (or `LAB_STRESS_FULL=1`) runs the full one.
@Suite("Counter stress")
struct CounterStressTests {
    @Test("Refresh-and-retry under .error keeps every increment (4 actors × 100, 3 runs)", .timeLimit(.minutes(2)))
    func refreshAndRetryKeepsEveryIncrement() async throws {
        for run in 1...3 {
            // Given 4 actors incrementing one counter 100 times each, retrying conflicts
            // When they all finish
            let outcome = try await CounterStress.run(actors: 4, increments: 100, strategy: .refreshAndRetry)

            // Then the counter holds exactly 400, from exactly 400 committed saves
            #expect(outcome.finalValue == 400, "run \(run): \(outcome)")
            #expect(outcome.committedSaves == 400, "run \(run): \(outcome)")
            #expect(outcome.successfulSaves == 400, "run \(run): \(outcome)")
            #expect(outcome.storedVersion == 401, "run \(run): one version per save, after the insert's")
        }
    }

    @Test("Last writer wins under .mergeByPropertyObjectTrump: every save succeeds and the lost increments are counted exactly (4 actors × 100, 3 runs)", .timeLimit(.minutes(2)))
    func lastWriterWinsCountsLostIncrements() async throws {
        for run in 1...3 {
            // Given 4 actors incrementing one counter 100 times each, with memory winning conflicts
            // When they all finish
            let outcome = try await CounterStress.run(actors: 4, increments: 100, strategy: .lastWriterWins)

            // Then every save succeeded without a retry, and each one wrote a version
            #expect(outcome.successfulSaves == 400, "run \(run): \(outcome)")
            #expect(outcome.committedSaves == 400, "run \(run): \(outcome)")
            #expect(outcome.conflicts == 0, "run \(run): nothing throws, so nothing is retried")
            #expect(outcome.storedVersion == 401, "run \(run): \(outcome)")
            // And what the counter misses is exactly the increments that were overwritten
            #expect((0...400).contains(outcome.finalValue), "run \(run): \(outcome)")
            #expect(outcome.lost == 400 - outcome.finalValue)
        }
    }

    @Test("Full stress: 8 actors × 1,000 increments, 50 runs per strategy (LAB_STRESS_FULL=1)",
          .enabled(if: CounterStress.isFullRunRequested, "set LAB_STRESS_FULL=1 or run Scripts/tests/stress.sh"),
          .timeLimit(.minutes(30)))
    func fullStress() async throws {
        for strategy in CounterStress.Strategy.allCases {
            var lost: [Int] = []
            var conflicts: [Int] = []
            var seconds = 0.0
            for run in 1...50 {
                let outcome = try await CounterStress.run(actors: 8, increments: 1_000, strategy: strategy)
                print("stress \(strategy.rawValue) run \(run): \(outcome)")
                #expect(outcome.successfulSaves == 8_000, "\(strategy) run \(run): \(outcome)")
                #expect(outcome.committedSaves == 8_000, "\(strategy) run \(run): \(outcome)")
                #expect(outcome.storedVersion == 8_001, "\(strategy) run \(run): \(outcome)")
                #expect(outcome.lost == 8_000 - outcome.finalValue)
                if strategy == .refreshAndRetry {
                    #expect(outcome.finalValue == 8_000, "run \(run): \(outcome)")
                }
                lost.append(outcome.lost)
                conflicts.append(outcome.conflicts)
                seconds += outcome.seconds
            }
            print("""
                stress \(strategy.rawValue) summary over 50 runs of 8 actors × 1,000: \
                lost min \(lost.min()!) median \(lost.sorted()[25]) max \(lost.max()!) total \(lost.reduce(0, +)); \
                conflicts retried min \(conflicts.min()!) median \(conflicts.sorted()[25]) max \(conflicts.max()!) total \(conflicts.reduce(0, +)); \
                \(String(format: "%.1f", seconds)) s of writing
                """)
        }
    }
}
