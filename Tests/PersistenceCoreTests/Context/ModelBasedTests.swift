import Foundation
import Testing

/// Random sequences of insert (new, again, undelete), update, delete, save, rollback, reset,
/// fetch (all, or by one attribute), `model(for:)`, `existingModel(for:)`,
/// `obtainPermanentIdentifiers`, refresh, merge and batch requests across three contexts (each
/// with its own merge policy), checked
/// against ``ReferenceModel`` after every step: the store's rows and versions, every registered
/// object's state and values, every save's conflicts or notified changes, every fetch's instances.
///
/// A failure names its sequence's seed; replay it alone with
/// `LAB_RANDOM_SEED=<seed> swift test --filter ModelBasedTests`, which prints every step.
/// `LAB_RANDOM_SEQUENCES=20000` makes the fresh run a longer search.
@Suite("Model-based random sequences")
struct ModelBasedTests {
    /// Steps per sequence.
    static let steps = 20

    /// The seeds of `count` sequences derived from `base`: the fixed run and the fresh one share this.
    static func sequenceSeeds(from base: UInt64, count: Int) -> [UInt64] {
        var generator = SplitMix64(seed: base)
        return (0..<count).map { _ in generator.next() }
    }

    /// How many fresh sequences to run: 100, or `LAB_RANDOM_SEQUENCES` for a longer search.
    static var freshCount: Int {
        ProcessInfo.processInfo.environment["LAB_RANDOM_SEQUENCES"].flatMap { Int($0) } ?? 100
    }

    /// A seed to replay alone, from `LAB_RANDOM_SEED`.
    static var replaySeed: UInt64? {
        ProcessInfo.processInfo.environment["LAB_RANDOM_SEED"].flatMap { UInt64($0) }
    }

    /// Runs each sequence; records the first disagreement of each failing one (at most five);
    /// returns how often the sequences reached each situation.
    @discardableResult
    static func check(_ seeds: [UInt64], verbose: Bool = false) throws -> [ReferenceModel.Event: Int] {
        var failures = 0
        var events: [ReferenceModel.Event: Int] = [:]
        for seed in seeds {
            let run = try ModelBasedRun(seed: seed)
            let problem = run.run(steps: steps)
            events.merge(run.events, uniquingKeysWith: +)
            if verbose {
                print("seed \(seed), policies \(run.policies):\n" + run.steps.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n"))
            }
            guard let problem else { continue }
            Issue.record("""
                seed \(seed) (replay: LAB_RANDOM_SEED=\(seed) swift test --filter ModelBasedTests), policies \(run.policies), \
                after step \(run.steps.count):
                \(run.steps.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n"))
                → \(problem)
                """)
            failures += 1
            if failures == 5 { break }
        }
        return events
    }

    @Test("1,000 seeded sequences match the reference model after every step")
    func seededSequencesMatchTheReference() throws {
        if let seed = Self.replaySeed {
            try Self.check([seed], verbose: true)
            return
        }
        let events = try Self.check(Self.sequenceSeeds(from: 0x1AB_5EED, count: 1_000))
        print("Model-based sequences reached: " + ReferenceModel.Event.allCases.map { "\($0.rawValue) \(events[$0] ?? 0)" }.joined(separator: ", "))
        // And the seeds reach every situation the reference distinguishes
        for event in ReferenceModel.Event.allCases {
            #expect(events[event, default: 0] > 0, "no sequence reached \(event)")
        }
    }

    @Test("100 sequences from a fresh seed match too (the seed is printed for replay; LAB_RANDOM_SEQUENCES runs more)")
    func freshSequencesMatchTheReference() throws {
        if let seed = Self.replaySeed {
            try Self.check([seed])
            return
        }
        let base = UInt64.random(in: 1...UInt64.max)
        print("Model-based sequences: fresh base seed \(base); each failing sequence names its own seed for LAB_RANDOM_SEED")
        try Self.check(Self.sequenceSeeds(from: base, count: Self.freshCount))
    }
}
