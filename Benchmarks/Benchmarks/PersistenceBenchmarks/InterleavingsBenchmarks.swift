import Benchmark
import InterleavingExplorer
import PersistenceCore
import Lessons

/// The explorer's speed (issue 35): how long it takes to run every schedule of a race, and how
/// many schedules it runs per second.
///
/// - Two contexts, each incrementing one item in two performs (read, then write and save), under
///   `.mergeByPropertyObjectTrump`, explored exhaustively. Goal: under 1 s.
/// - The same with three contexts ("three-party"). Goal: under 30 s.
/// The goals are absolute: each schedule re-runs the body (a new in-memory store, three or four
/// contexts, a dozen hops between threads), so the time is what a lesson or a checker waits.
enum InterleavingsBenchmarks: BenchmarkGroup {
    static func register() {
        for increments in [2, 3] {
            let body = IncrementRace.body(increments: increments, sharingOneContext: false, shape: .split,
                                          policy: .mergeByPropertyObjectTrump)
            Benchmark("Interleavings: every schedule of \(increments) contexts' split increments", configuration: .init(
                metrics: [.wallClock, .schedules, .schedulesPerSecond], warmupIterations: 1,
                maxDuration: .seconds(increments == 2 ? 10 : 120), maxIterations: increments == 2 ? 10 : 3)) { benchmark in
                let start = ContinuousClock.now
                let exploration = try await Interleavings.explore(body)
                let elapsed = ContinuousClock.now - start
                precondition(exploration.isExhaustive && exploration.outcomes[.lostOne, default: 0] > 0)
                benchmark.measurement(.schedules, exploration.scheduleCount)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                benchmark.measurement(.schedulesPerSecond, Int(Double(exploration.scheduleCount) / seconds))
            }
        }
    }
}
