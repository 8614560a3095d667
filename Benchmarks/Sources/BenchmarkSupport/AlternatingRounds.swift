import Foundation
import Synchronization

/// Times the two sides of a goal, the object layer's work and its raw SQLite peer's, back to back
/// in one round, the order turning with each round.
///
/// Two benchmarks timed apart each meet whatever speed the host had then; issue 57's second round
/// saw this host change speed by a factor of about 1.8, both ways, several times a minute, and a
/// ratio of two medians then said which speed each met. Within a round both sides meet the same
/// speed, so a goal is judged on the median round's ratio (`ratios.py`), as the hop's already is
/// (`HopBenchmarks.swift`). Which side goes first turns with each round, so that neither always
/// finds the caches as the other left them.
public enum AlternatingRounds {
    /// How many rounds have run, across benchmarks (the hop's too): each begins with another side.
    private static let rounds = Atomic<Int>(0)

    /// The next round's number: which side goes first in it is this number's turn.
    public static func nextRound() -> Int {
        rounds.add(1, ordering: .relaxed).oldValue
    }

    /// Each of `works`' times, from one round: each work runs once, in turn, and what it returns
    /// is released after its clock stopped (the separate benchmarks do not time the teardown).
    public static func timed(_ works: [() throws -> Any]) throws -> [Duration] {
        let round = nextRound()
        var times = Array(repeating: Duration.zero, count: works.count)
        for turn in works.indices {
            let index = (round + turn) % works.count
            let start = ContinuousClock.now
            let result = try works[index]()
            times[index] = ContinuousClock.now - start
            withExtendedLifetime(result) {}
        }
        return times
    }

    /// `measured` over `reference`, in thousandths: what a ratio metric records.
    public static func thousandths(_ measured: Duration, over reference: Duration) -> Int {
        Int(measured / reference * 1_000)
    }
}
